import Foundation

/// nginx as a reverse proxy in front of the benchmark origin, the proxy benchmark's point of
/// comparison: Debian's `nginx-light`, installed by `scripts/bench-nginx.sh`, run as a child
/// process with a generated configuration whose pid file, logs and temporary files all live in a
/// folder of its own (no root paths).
final class NginxProcess {
    /// The port it listens on, on 127.0.0.1.
    let port: Int
    /// How many worker processes it runs.
    let workers: Int
    /// `nginx/1.22.1`, as `nginx -v` says.
    let version: String
    private let process: Process

    private init(port: Int, workers: Int, version: String, process: Process) {
        self.port = port
        self.workers = workers
        self.version = version
        self.process = process
    }

    /// The path of `nginx`: `$LOUPE_BENCH_NGINX` when set, else the installed one, installing
    /// `nginx-light` with apt-get first when there is none.
    ///
    /// - Throws: ``BenchmarkError`` saying why, when it is not there and cannot be installed.
    static func install() throws -> String {
        try ComparisonTool.install(script: "bench-nginx.sh", environmentVariable: "LOUPE_BENCH_NGINX")
    }

    /// Starts `nginx` with `workers` worker processes on a free loopback port, proxying everything
    /// to `127.0.0.1:upstreamPort` over kept-alive connections, with `folder` as its prefix, and
    /// waits until it accepts connections.
    static func launch(_ nginx: String, upstreamPort: Int, workers: Int, folder: URL) async throws -> NginxProcess {
        let port = try await ComparisonTool.freePort()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = folder.appendingPathComponent("nginx.conf")
        try Data(Self.configuration(port: port, upstreamPort: upstreamPort, workers: workers, folder: folder.path).utf8)
            .write(to: configuration)
        let log = folder.appendingPathComponent("error.log")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        // -e: the error log before the configuration is read is the default, a root path, otherwise.
        process.arguments = ["-p", folder.path + "/", "-e", log.path, "-c", configuration.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try await ComparisonTool.waitUntilListening(process, name: "nginx", port: port, log: log, within: .seconds(10),
                                                    interval: .milliseconds(50))
        return NginxProcess(port: port, workers: workers, version: Self.version(of: nginx), process: process)
    }

    /// A plain reverse-proxy configuration, as one would deploy it: upstream connections kept
    /// alive (HTTP/1.1, `Connection` cleared), a buffered access log, and every path nginx writes
    /// in `folder`. Kept-alive connections are never closed after a number of requests (nginx
    /// closes them after 1 000 by default; Loupe does not), so both serve the same connections.
    static func configuration(port: Int, upstreamPort: Int, workers: Int, folder: String) -> String {
        """
        daemon off;
        master_process on;
        worker_processes \(workers);
        pid \(folder)/nginx.pid;
        error_log \(folder)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log \(folder)/access.log combined buffer=64k flush=1s;
            client_body_temp_path \(folder)/client-body;
            proxy_temp_path \(folder)/proxy;
            fastcgi_temp_path \(folder)/fastcgi;
            uwsgi_temp_path \(folder)/uwsgi;
            scgi_temp_path \(folder)/scgi;
            keepalive_requests 1000000;
            upstream origin {
                server 127.0.0.1:\(upstreamPort);
                keepalive 64;
                keepalive_requests 1000000;
            }
            server {
                listen 127.0.0.1:\(port);
                location / {
                    proxy_pass http://origin;
                    proxy_http_version 1.1;
                    proxy_set_header Connection "";
                }
            }
        }

        """
    }

    /// `nginx/1.22.1` from `nginx -v` (which prints to standard error), or `nginx`.
    private static func version(of nginx: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nginx)
        process.arguments = ["-v"]
        let output = Pipe()
        process.standardError = output
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "nginx" }
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "nginx"
    }

    /// CPU seconds used so far by the master and its worker processes, or nil where `/proc` does
    /// not tell.
    var cpuSeconds: Double? {
        let pid = process.processIdentifier
        guard let children = try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8),
              let master = ProcessCPU.seconds(of: pid) else { return nil }
        let workers = children.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return workers.reduce(master) { total, worker in total + (ProcessCPU.seconds(of: worker) ?? 0) }
    }

    /// Stops it (SIGTERM: nginx's fast shutdown, workers included) and waits for it to exit.
    func stop() {
        ComparisonTool.stop(process)
    }
}
