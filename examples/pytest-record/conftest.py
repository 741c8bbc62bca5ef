"""pytest recording through the standin wire server: record once against the real provider, replay ever after.

The session starts `standin serve --record <cassette> --config <config>` once. Each test gets a client
whose requests carry its own `x-standin-scope` header, so every test records, and later replays, its
own conversation, and tests may run in any order or in parallel (pytest-xdist). The provider's key
is the server's (its environment), never the tests': they send a dummy one.

    STANDIN_CASSETTES=record-missing OPENAI_API_KEY=sk-... pytest   # record what the cassette lacks
    pytest                                                            # replay: no key, no network

At the end of the session the server is verified: in replay, a recording no test asked for any
more fails the session, so the cassette does not keep stale entries.
Standard library only: urllib for HTTP, subprocess for the server.
"""

import json
import os
import re
import shlex
import subprocess
import urllib.error
import urllib.request

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
CASSETTE = os.environ.get("STANDIN_CASSETTE", os.path.join(HERE, "cassettes", "chat.json"))
CONFIG = os.environ.get("STANDIN_CONFIG", os.path.join(HERE, "standin.config.json"))


def serve_command():
    """STANDIN_SERVE when set; else the installed binary, which starts faster than npx."""
    if os.environ.get("STANDIN_SERVE"):
        return shlex.split(os.environ["STANDIN_SERVE"])
    local = os.path.join(os.getcwd(), "node_modules", ".bin", "standin")
    return [local, "serve"] if os.path.exists(local) else ["npx", "standin", "serve"]


class Standin:
    """The running server: its URL, its control token, and calls to both sides of it."""

    def __init__(self, url, token):
        self.url = url
        self.token = token

    def send(self, method, path, body=None, headers=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path,
            data=data,
            method=method,
            headers={"content-type": "application/json", "authorization": "Bearer dummy", **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def control(self, method, route):
        return self.send(method, "/__standin/" + route, {}, {"authorization": "Bearer " + self.token})


class Scope:
    """One test's scope: its requests, each carrying the scope header."""

    def __init__(self, standin, name):
        self.standin = standin
        self.name = name

    def post(self, path, body):
        return self.standin.send("POST", path, body, {"x-standin-scope": self.name})


@pytest.fixture(scope="session")
def standin(request):
    os.makedirs(os.path.dirname(CASSETTE), exist_ok=True)
    command = serve_command() + ["--record", CASSETTE, "--config", CONFIG]
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    url = token = None
    for line in server.stdout:
        if line.startswith("standin wire server listening at "):
            url = line.split()[-1]
        if line.startswith("control token: "):
            token = line.split()[-1]
            break
    if url is None or token is None:
        server.kill()
        pytest.exit("standin serve exited before it printed its URL and control token", returncode=1)
    running = Standin(url, token)
    # Verified in pytest_sessionfinish, after every fixture's teardown; the server is stopped there.
    request.config.standin = running
    request.config.standin_stop = lambda: (server.terminate(), server.wait(timeout=10))
    return running


@pytest.fixture
def scope(standin, request):
    """A scope of the test's own, named from the test's id: what it records and replays is its own."""
    return Scope(standin, re.sub(r"[^A-Za-z0-9_.:-]", "-", request.node.nodeid)[-120:])


def pytest_sessionfinish(session, exitstatus):
    """Verifies the server at the end: a recording no test replayed fails the session."""
    standin = getattr(session.config, "standin", None)
    if standin is None:
        return
    try:
        status, body = standin.control("POST", "verify")
        if status != 200:
            print(f"\nstandin verify failed the session: {body['code']}: {body['message']}")
            session.exitstatus = pytest.ExitCode.TESTS_FAILED
    finally:
        stop = getattr(session.config, "standin_stop", None)
        if stop is not None:
            stop()
