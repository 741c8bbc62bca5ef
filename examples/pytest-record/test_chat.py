"""Two tests of a chat client, recorded through the wire server, each in its own scope."""

MODEL = "gpt-4.1-mini"


def ask(scope, content):
    status, body = scope.post("/v1/chat/completions", {"model": MODEL, "messages": [{"role": "user", "content": content}]})
    assert status == 200, body
    return body["choices"][0]["message"]["content"]


def test_greets(scope):
    assert ask(scope, "Hi") != ""


def test_asks_twice_in_its_own_conversation(scope):
    first = ask(scope, "Name a colour.")
    second = ask(scope, "Name another.")
    assert first != "" and second != ""
