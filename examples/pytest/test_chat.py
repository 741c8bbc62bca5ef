"""Two tests of a chat client against the wire server, each in its own scope."""

MODEL = "gpt-4.1-mini"


def ask(scope, content):
    status, body = scope.post("/v1/chat/completions", {"model": MODEL, "messages": [{"role": "user", "content": content}]})
    assert status == 200, body
    return body["choices"][0]["message"]["content"]


def test_greets(scope):
    scope.script({"models": {MODEL: [{"text": "Hello!"}]}})
    assert ask(scope, "Hi") == "Hello!"


def test_answers_in_order_apart_from_the_other_test(scope):
    scope.script({"models": {MODEL: [{"text": "first"}, {"text": "second"}]}})
    assert ask(scope, "one") == "first"
    assert ask(scope, "two") == "second"
