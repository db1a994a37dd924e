#!/usr/bin/env python3
"""Writes the hand-made seed corpus of every fuzzer (Fuzz/Corpus/<target>/).

Each seed starts with the choice bytes its fuzzer reads first (see the target's source), then the
payload. Re-run after changing a target's input layout; zip, HAR and NDJSON seeds made by
`loupe` itself are added by hand (see README.md in this folder).
"""
import gzip, os, re, zlib, glob

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def write(target, name, data):
    os.makedirs(os.path.join(HERE, target), exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    with open(os.path.join(HERE, target, name), "wb") as f:
        f.write(data)


# SSEParser: [chunk seed] stream
sse = {
    "basic": "data: hello\n\n",
    "fields": "event: update\nid: 42\nretry: 1500\ndata: {\"a\":1}\ndata: second line\n\n: comment\n\n",
    "crlf": "data: a\r\n\r\ndata: b\r\rdata: c\n\n",
    "bom": "\ufeffdata: after a byte order mark\n\n",
    "no-space": "data:x\nevent:y\nid:\n\n",
    "unterminated": "data: partial",
    "id-nul": "id: a\0b\ndata: x\n\n",
    "retry-huge": "retry: 99999999999999999999999\ndata: x\n\n",
    "chat": "event: token\ndata: {\"text\":\"Hel\"}\n\nevent: token\ndata: {\"text\":\"lo\"}\n\nevent: done\ndata: [DONE]\n\n",
}
for i, (name, text) in enumerate(sse.items()):
    write("FuzzSSEParser", name, bytes([i * 37 % 256]) + text.encode())

# Filter language: expression
filters = [
    "method:POST status:5xx", "status:>=400 or has:error", "host:*.example.* path:/v*/models",
    "dur:>500ms size:<1mb", "dur:100ms-1s size:1.5mb-2mb", "kind:sse has:redaction rule:aws-*",
    'header:"x-a=b c" body:"refresh_token"', "not (host:a.com or host:b.com) -status:200",
    "~m POST & !~c 200 | ~d example.com", "~hq authorization ~bs token ~e ~s ~q",
    'state:streaming source:proxy-forward "free text"', "https://example.com/a a=1&b=2",
    "method:GET,post status:400-499", "status:<300 status:<=299 status:>400", "",
]
for i, text in enumerate(filters):
    write("FuzzFilter", f"expr-{i:02d}", text)

# Rule files: the fragments, the structural file, and single [[rule]] tables of every file
write("FuzzRuleFile", "fragments", open(os.path.join(ROOT, "rules/00-fragments.toml")).read())
write("FuzzRuleFile", "structural", open(os.path.join(ROOT, "rules/structural.toml")).read())
for path in sorted(glob.glob(os.path.join(ROOT, "rules/[1-4]*.toml"))):
    tables = re.split(r"(?m)^(?=\[\[rule\]\])", open(path).read())[1:3]
    for j, table in enumerate(tables):
        write("FuzzRuleFile", f"{os.path.basename(path)[:-5]}-{j}", table)
write("FuzzRuleFile", "bad-key", '[[rule]]\nid = "x"\npatern = "a"\n')
write("FuzzRuleFile", "bad-regex", '[[rule]]\nid = "x"\ncategory = "token"\npattern = \'\'\'(a\'\'\'\n')

# JSON redactor: [planted example index] [place] [chunk seed] JSON
documents = [
    '{"user":{"accessToken":"abc123","name":"Ann"},"mail":"ann@example.com"}',
    '[1, -2.5e3, true, false, null, "a\\u00e9\\ud83d\\ude00\\n", {"": []}]',
    '{"headers":[{"name":"Authorization","value":"Bearer x"},{"name":"Cookie","value":"a=1; sid=2"}],'
    '"queryString":[{"name":"api_key","value":"k"}],"postData":{"mimeType":"application/json","text":"{\\"password\\":\\"p\\"}"}}',
    '{"url":"https://u:p@example.com/a?token=t&x=1","body":"grant_type=password&password=hunter2"}',
    '{"a":1}\n{"b":[2,3]}\n{"c":"ndjson"}\n',
    '{"nested":{"password":{"deep":[1,{"x":"y"}]},"ok":"z"}}',
    '{"truncated":"abc',
]
for i, doc in enumerate(documents):
    write("FuzzJSONRedactor", f"doc-{i}", bytes([i * 11, i * 40 % 256, i * 29 % 256]) + doc.encode())

# Body decoding: [mode] [limit] [encoding] [chunk seed] payload
texts = ['{"id":1,"text":"héllo"}', "plain text body\n" * 20, "data: x\n\n", ""]
for i, text in enumerate(texts):
    for mode in range(3):
        write("FuzzBodyDecoding", f"text-{i}-mode{mode}", bytes([mode, 5 if i else 2, 0, i * 7 + 1]) + text.encode())
hostile = {
    "gzip": (0, gzip.compress(b"hello gzip " * 50)),
    "deflate-zlib": (1, zlib.compress(b"hello deflate " * 50)),
    "deflate-raw": (1, zlib.compress(b"raw deflate", 9)[2:-4]),
    "gzip-two-members": (0, gzip.compress(b"first ") + gzip.compress(b"second")),
    "gzip-cut": (0, gzip.compress(b"cut short " * 30)[:-10]),
    "bomb": (0, gzip.compress(b"\0" * 200000)),
    "identity": (2, "plain ünïcode".encode()),
}
for name, (encoding, data) in hostile.items():
    write("FuzzBodyDecoding", f"claimed-{name}", bytes([3, 3, encoding, 9]) + data)

# Headers: [kind] value
headers = [
    (0, "a=1; b=2; session=abc"), (1, "Path=/; HttpOnly; Secure; SameSite=Lax; Expires=Wed, 21 Oct 2026 07:28:00 GMT"),
    (2, "realm=x"), (3, "prefix-"), (4, "search?q=ann%40example.com&token=abc"),
    (5, "AKIAQ3EGRIUMV2QWXK7B and ann@example.com"), (0, '"quoted=;value"; =; ;;'), (5, "%41%4B%49%41 +"),
]
for i, (kind, value) in enumerate(headers):
    write("FuzzHeaders", f"header-{i}", bytes([kind]) + value.encode())

# Proxy: [forward 0 / reverse 1] [chunk seed] client bytes
requests = {
    "get": "GET http://127.0.0.1:1/ HTTP/1.1\r\nHost: a\r\n\r\n",
    "reverse-get": "GET /path?q=1 HTTP/1.1\r\nHost: a\r\nConnection: keep-alive\r\n\r\n",
    "post-length": "POST http://h/ HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nhello",
    "post-chunked": "POST http://h/ HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
    "te-and-cl": "POST http://h/ HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "connect": "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n",
    "connect-bad-port": "CONNECT example.com:22 HTTP/1.1\r\n\r\n",
    "expect": "PUT http://h/ HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nok",
    "expect-other": "PUT http://h/ HTTP/1.1\r\nHost: h\r\nExpect: magic\r\n\r\n",
    "max-forwards": "OPTIONS http://h/ HTTP/1.1\r\nHost: h\r\nMax-Forwards: 0\r\n\r\nTRACE http://h/ HTTP/1.1\r\nHost: h\r\nMax-Forwards: x\r\n\r\n",
    "pipelined": "GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: b\r\n\r\nGET http://x/ HTTP/1.0\r\n\r\n",
    "http09": "GET /\r\n",
    "garbage": "\x01\x02garbage\r\n\r\n",
    "two-hosts": "GET http://h/ HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    "self": "GET http://127.0.0.1:40000/ HTTP/1.1\r\nHost: 127.0.0.1:40000\r\n\r\n",
    "upgrade": "GET http://h/ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade, X-Drop\r\nX-Drop: 1\r\n\r\n",
}
for i, (name, text) in enumerate(requests.items()):
    write("FuzzProxyRequest", name, bytes([1 if name.startswith("reverse") or name == "pipelined" else 0, i * 13]) + text.encode("latin-1"))

# HTTP/2 with prior knowledge: the preface, SETTINGS, then HEADERS (HPACK: static-table :method
# GET, :scheme http, :path /, a literal :authority), DATA, RST_STREAM, a bad SETTINGS.
def h2_frame(kind, flags, stream, payload):
    return len(payload).to_bytes(3, "big") + bytes([kind, flags]) + stream.to_bytes(4, "big") + payload
preface = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + h2_frame(4, 0, 0, b"")
get = bytes([0x82, 0x86, 0x84, 0x41, 0x01]) + b"a"
post = bytes([0x83, 0x86, 0x84, 0x41, 0x01]) + b"a" + bytes([0x0f, 0x10, 0x10]) + b"application/grpc"
h2_seeds = {
    "h2-get": preface + h2_frame(1, 0x05, 1, get),
    "h2-two-streams": preface + h2_frame(1, 0x05, 1, get) + h2_frame(1, 0x05, 3, get),
    "h2-post-grpc": preface + h2_frame(1, 0x04, 1, post) + h2_frame(0, 0x01, 1, b"\x00\x00\x00\x00\x03abc"),
    "h2-reset": preface + h2_frame(1, 0x04, 1, post) + h2_frame(3, 0, 1, b"\x00\x00\x00\x08"),
    "h2-bad-settings": preface + h2_frame(4, 0, 0, b"\x00" * 5),
}
for i, (name, data) in enumerate(h2_seeds.items()):
    write("FuzzProxyRequest", name, bytes([i % 2, i * 7]) + data)

# WebSocket side reader: [chunk seed] [flags: limit choice, 0x10 deflate] frames
def ws_frame(opcode, payload, fin=True, mask=None, rsv1=False):
    head = bytes([(0x80 if fin else 0) | (0x40 if rsv1 else 0) | opcode])
    masked = 0x80 if mask else 0
    if len(payload) < 126:
        head += bytes([masked | len(payload)])
    elif len(payload) < 65536:
        head += bytes([masked | 126]) + len(payload).to_bytes(2, "big")
    else:
        head += bytes([masked | 127]) + len(payload).to_bytes(8, "big")
    if not mask:
        return head + payload
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

frames = {
    "text-masked": (2, ws_frame(1, b"hello", mask=b"\x01\x02\x03\x04")),
    "fragments-and-control": (3, ws_frame(1, b"frag-", fin=False) + ws_frame(9, b"ping") + ws_frame(0, b"ment")
                              + ws_frame(8, b"\x03\xe8bye")),
    "long-frame": (1, ws_frame(1, b"x" * 400, mask=b"\x0a\x0b\x0c\x0d") + ws_frame(2, b"\x00\x01")),
    # "hello" twice, deflated with a shared window (Python's zlib, wbits -15, sync flush, tail removed).
    "compressed": (0x12, ws_frame(1, bytes([0xCA, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]), rsv1=True)
                   + ws_frame(1, bytes([0xCA, 0x00, 0x11, 0x00, 0x00]), rsv1=True)),
    "reserved-opcode": (0, ws_frame(3, b"xx") + ws_frame(1, b"later")),
}
for i, (name, (flags, data)) in enumerate(frames.items()):
    write("FuzzWebSocketFrames", name, bytes([i * 17 + 3, flags]) + data)
