import NIOCore

/// The HTTP/2 upstream connections of one client connection, by endpoint: every exchange of the
/// client connection (every stream, for an HTTP/2 client) to that endpoint opens a stream on the
/// same upstream connection while it lasts; and, for an HTTP/2 client, its idle kept-alive
/// HTTP/1.1 upstream connections, which its next streams take up. Lives on the client
/// connection's event loop.
final class UpstreamSessions {
    /// Idle HTTP/1.1 connections kept per endpoint; more are closed.
    static let maxIdlePerEndpoint = 64
    private var idle: [ProxyTarget.Endpoint: [UpstreamConnection]] = [:]
    private var sessions: [ProxyTarget.Endpoint: HTTP2UpstreamSession] = [:]
    /// Connections being set up that may turn out HTTP/2: exchanges that start meanwhile wait for
    /// them instead of opening one each (32 streams at once would open 32 connections).
    private var pending: [ProxyTarget.Endpoint: EventLoopFuture<Void>] = [:]
    /// Sessions replaced after a GOAWAY, still finishing their open streams.
    private var retired: [HTTP2UpstreamSession] = []

    /// The open connection to `endpoint` that still takes new streams, if any.
    func session(for endpoint: ProxyTarget.Endpoint) -> HTTP2UpstreamSession? {
        guard let session = sessions[endpoint] else { return nil }
        guard session.takesNewStreams else {
            sessions[endpoint] = nil
            retired.append(session)
            return nil
        }
        return session
    }

    /// The connection to `endpoint` being set up, if any.
    func pendingConnection(to endpoint: ProxyTarget.Endpoint) -> EventLoopFuture<Void>? {
        pending[endpoint]
    }

    /// Records that a connection to `endpoint` is being set up until `done` completes.
    func connecting(to endpoint: ProxyTarget.Endpoint, until done: EventLoopFuture<Void>) {
        pending[endpoint] = done
        done.assumeIsolated().whenComplete { [self] _ in pending[endpoint] = nil }
    }

    func add(_ session: HTTP2UpstreamSession) {
        retired.removeAll { !$0.channel.isActive }
        if let replaced = sessions[session.endpoint] { retired.append(replaced) }
        sessions[session.endpoint] = session
    }

    /// Keeps an HTTP/1.1 connection whose exchange ended cleanly for the next exchange.
    func park(_ connection: UpstreamConnection) {
        var list = idle[connection.endpoint, default: []].filter { $0.channel.isActive }
        guard list.count < Self.maxIdlePerEndpoint else { return connection.close() }
        list.append(connection)
        idle[connection.endpoint] = list
    }

    /// An idle HTTP/1.1 connection to `endpoint` that is still open, if any.
    func takeIdleConnection(to endpoint: ProxyTarget.Endpoint) -> UpstreamConnection? {
        while let connection = idle[endpoint]?.popLast() {
            if connection.channel.isActive { return connection }
        }
        return nil
    }

    /// Closes every connection: the client connection went away.
    func closeAll() {
        for connection in idle.values.joined() { connection.close() }
        idle.removeAll()
        for session in sessions.values { session.close() }
        for session in retired { session.close() }
        sessions.removeAll()
        retired.removeAll()
    }
}
