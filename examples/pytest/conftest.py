"""pytest against the standin wire server: one server for the session, one scope per test.

The session starts `standin serve` once; each test gets a client whose requests carry its own
`x-standin-scope` header, so tests script and verify their answers apart. At the end of each test
its scope is verified (a test that left an answer unused fails its teardown); at the end of the
session the whole server is verified, and an answer no test asked for fails the session.
Standard library only: urllib for HTTP, subprocess for the server.
"""

import json
import os
import re
import shlex
import subprocess
import tempfile
import urllib.error
import urllib.request

import pytest


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
            headers={"content-type": "application/json", **(headers or {})},
        )
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.load(response)
        except urllib.error.HTTPError as error:
            return error.code, json.load(error)

    def control(self, method, route, body=None):
        headers = {"authorization": "Bearer " + self.token}
        return self.send(method, "/__standin/" + route, body if body is not None else {}, headers)


class Scope:
    """One test's scope: its scripts, and its requests, each carrying the scope header."""

    def __init__(self, standin, name):
        self.standin = standin
        self.name = name

    def script(self, scripts):
        status, body = self.standin.control("PUT", "scripts?scope=" + self.name, scripts)
        assert status == 200, body

    def post(self, path, body):
        return self.standin.send("POST", path, body, {"x-standin-scope": self.name})

    def verify(self):
        return self.standin.control("POST", "verify?scope=" + self.name)


@pytest.fixture(scope="session")
def standin(request):
    folder = tempfile.mkdtemp()
    scripts = os.path.join(folder, "scripts.json")
    with open(scripts, "w") as file:
        json.dump({"models": {}}, file)
    server = subprocess.Popen(serve_command() + ["--scripts", scripts], stdout=subprocess.PIPE, text=True)
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
    # The session's verify runs in pytest_sessionfinish, after every fixture's teardown: the server
    # is stopped there, once verified.
    request.config.standin = running
    request.config.standin_stop = lambda: (server.terminate(), server.wait(timeout=10))
    return running


@pytest.fixture
def scope(standin, request):
    """A scope of the test's own, named from the test's id; its answers must all be asked for."""
    name = re.sub(r"[^A-Za-z0-9_.:-]", "-", request.node.nodeid)[-120:]
    own = Scope(standin, name)
    yield own
    status, body = own.verify()
    if status != 200:
        pytest.fail(f"standin verify for scope {name}: {body['code']}: {body['message']}", pytrace=False)


def pytest_sessionfinish(session, exitstatus):
    """Verifies every scope at the end: an answer no test asked for fails the session."""
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
