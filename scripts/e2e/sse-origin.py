#!/usr/bin/env python3
"""An HTTP/1.1 origin on 127.0.0.1:PORT whose every GET is an event stream: COUNT events
`data: tick N`, INTERVAL seconds apart, chunked. For the end-to-end scripts.

Usage: sse-origin.py PORT COUNT INTERVAL
"""
import http.server
import sys
import time

port, count, interval = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])


class EventStream(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("transfer-encoding", "chunked")
        self.end_headers()
        for number in range(count):
            data = f"data: tick {number}\n\n".encode()
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()
            time.sleep(interval)
        self.wfile.write(b"0\r\n\r\n")

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer(("127.0.0.1", port), EventStream).serve_forever()
