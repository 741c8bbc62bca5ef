#!/bin/sh
# A client from outside Node: a streamed chat completion with curl, then the control API.
# Usage: curl.sh <server url> <control token>
set -eu
url="$1"
token="$2"
curl -sN "$url/v1/chat/completions" -H 'content-type: application/json' -H 'x-standin-scope: curl-1' \
  -d '{"model":"gpt-4.1-mini","stream":true,"messages":[{"role":"user","content":"Hi"}]}'
echo
echo "verify:$(curl -s -o /dev/null -w '%{http_code}' -X POST "$url/__standin/verify?scope=curl-1" -H "authorization: Bearer $token")"
echo "unauthorized:$(curl -s -o /dev/null -w '%{http_code}' "$url/__standin/sent")"
curl -s "$url/__standin/sent?scope=curl-1" -H "x-standin-token: $token"
