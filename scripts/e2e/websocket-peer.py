"""Real WebSocket peers for scripts/e2e/websocket.sh, on the `websockets` package (make deps).

  websocket-peer.py serve PORT [--tls CERT KEY] [--plain]   echo server; 'server-close' makes it close
                                                             with 4001, 'close-abruptly' drops the TCP
                                                             connection, 'secret' answers with a token
  websocket-peer.py talk URI [--proxy URL] [--ca FILE] [--plain] [--abort | --server-close]
                                                             a scripted conversation; prints what it got
  websocket-peer.py raw HOST PORT TARGET HOSTHEADER BYTES_HEX
                                                             a hand-made handshake (absolute-form target
                                                             for forward mode), then BYTES_HEX as frames
"""
import asyncio, base64, os, socket, ssl, sys

import websockets

SECRET = "ghp_" + "a1B2c3D4e5" * 3 + "a1B2c3"


async def serve(port, tls, plain):
    async def handler(ws):
        try:
            async for message in ws:
                if message == "server-close":
                    await ws.close(4001, "bye " + SECRET)
                    return
                if message == "close-abruptly":
                    ws.transport.abort()
                    return
                if message == "secret":
                    await ws.send('{"access_token":"%s","n":1}' % SECRET)
                    continue
                await ws.send(message)
        except websockets.ConnectionClosed:
            pass

    context = None
    if tls:
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(*tls)
    async with websockets.serve(handler, "127.0.0.1", port, ssl=context, max_size=None,
                                compression=None if plain else "deflate"):
        await asyncio.Future()


async def talk(uri, proxy, ca, plain, abort, server_close):
    context = ssl.create_default_context(cafile=ca) if ca else None
    options = {"max_size": None, "compression": None if plain else "deflate", "ssl": context}
    # None ignores http_proxy from the environment.
    options["proxy"] = proxy
    async with websockets.connect(uri, **options) as ws:
        await ws.send("hello")
        print("echo:", await ws.recv())
        await ws.send("password=hunter2hunter2 mail alice@example.com")
        print("echo:", await ws.recv())
        await ws.send("secret")
        print("secret answered:", "access_token" in await ws.recv())
        await ws.send(b"\x00\x01\x02binary")
        print("binary:", await ws.recv())
        await ws.send(["frag-", "ment"])
        print("fragmented:", await ws.recv())
        big = "z" * 2_000_000
        await ws.send(big)
        print("big:", len(await ws.recv()))
        pong = await ws.ping()
        await pong
        print("pong")
        if abort:
            ws.transport.abort()
            return
        if server_close:
            await ws.send("server-close")
            try:
                await ws.recv()
            except websockets.ConnectionClosed as closed:
                print("server closed:", closed.rcvd.code)
                return
    print("closed")


def raw(host, port, target, host_header, frames_hex):
    key = base64.b64encode(os.urandom(16)).decode()
    with socket.create_connection((host, int(port)), timeout=5) as s:
        s.sendall((f"GET {target} HTTP/1.1\r\nHost: {host_header}\r\nUpgrade: websocket\r\n"
                   f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = s.recv(1)
            if not chunk:
                break
            head += chunk
        print(head.split(b"\r\n")[0].decode())
        s.sendall(bytes.fromhex(frames_hex))
        s.settimeout(2)
        try:
            data = s.recv(65536)
            print("received:", data[2:].decode(errors="replace"))
        except (socket.timeout, ConnectionResetError):
            print("received: nothing")


def main():
    args = sys.argv[1:]
    if args[0] == "serve":
        tls = None
        if "--tls" in args:
            index = args.index("--tls")
            tls = (args[index + 1], args[index + 2])
        asyncio.run(serve(int(args[1]), tls, "--plain" in args))
    elif args[0] == "talk":
        def option(name):
            return args[args.index(name) + 1] if name in args else None
        asyncio.run(talk(args[1], option("--proxy"), option("--ca"), "--plain" in args, "--abort" in args,
                         "--server-close" in args))
    elif args[0] == "raw":
        raw(*args[1:6])


main()
