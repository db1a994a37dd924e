import Foundation
@testable import LoupeProxy
import NIOCore
import NIOEmbedded
import NIOSSL
import Testing

/// The cipher suite read off the ServerHello: from a real handshake between NIOSSL's client and
/// server (both sides must read the same suite), and from hand-made records at the edges.
@Suite struct CipherSuiteObserverTests {
    @Test(arguments: [TLSVersion.tlsv12, .tlsv13])
    func bothSidesOfARealHandshakeReadTheNegotiatedSuite(_ version: TLSVersion) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let authority = try CertificateAuthority.loadOrCreate(in: folder.appending("ca"))
        let leaf = try authority.issueLeaf(for: "example.test")
        var serverConfiguration = TLSInterception.serverConfiguration(for: leaf)
        serverConfiguration.maximumTLSVersion = version
        var clientConfiguration = TLSConfiguration.makeClientConfiguration()
        clientConfiguration.trustRoots = .certificates([try NIOSSLCertificate(bytes: authority.certificateDER, format: .der)])

        let serverObserver = CipherSuiteObserver(direction: .written)
        let clientObserver = CipherSuiteObserver(direction: .read)
        let server = EmbeddedChannel()
        let client = EmbeddedChannel()
        try server.pipeline.syncOperations.addHandler(serverObserver)
        try server.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: NIOSSLContext(configuration: serverConfiguration)))
        try client.pipeline.syncOperations.addHandler(clientObserver)
        try client.pipeline.syncOperations.addHandler(
            NIOSSLClientHandler(context: NIOSSLContext(configuration: clientConfiguration), serverHostname: "example.test"))
        let address = try SocketAddress(ipAddress: "127.0.0.1", port: 1)
        server.connect(to: address, promise: nil)
        client.connect(to: address, promise: nil)

        // Carries records from one side to the other until neither has more.
        func carryRecords() throws {
            for _ in 0..<10 {
                var moved = false
                while let bytes = try client.readOutbound(as: ByteBuffer.self) { try server.writeInbound(bytes); moved = true }
                while let bytes = try server.readOutbound(as: ByteBuffer.self) { try client.writeInbound(bytes); moved = true }
                if !moved { break }
            }
        }
        try carryRecords()  // the handshake
        let expectedPrefix = version == .tlsv13 ? "TLS_AES_" : "TLS_ECDHE_ECDSA_"
        #expect(serverObserver.cipherSuite?.hasPrefix(expectedPrefix) == true, "\(serverObserver.cipherSuite ?? "none")")
        #expect(clientObserver.cipherSuite == serverObserver.cipherSuite)
        // Close with the close_notify alerts carried across, then finish both channels: an
        // unfinished EmbeddedChannel keeps its pipeline alive, which LeakSanitizer reported.
        client.close(promise: nil)
        try carryRecords()
        _ = try? client.finish(acceptAlreadyClosed: true)
        _ = try? server.finish(acceptAlreadyClosed: true)
    }

    /// A ServerHello record naming `suite`, with a session id of `sessionIDLength` bytes.
    private static func serverHello(suite: UInt16, sessionIDLength: UInt8 = 32) -> ByteBuffer {
        var body = ByteBuffer()
        body.writeInteger(UInt16(0x0303))                        // legacy version
        body.writeRepeatingByte(7, count: 32)                     // random
        body.writeInteger(sessionIDLength)
        body.writeRepeatingByte(1, count: Int(sessionIDLength))
        body.writeInteger(suite)
        body.writeInteger(UInt8(0))                               // compression
        var record = ByteBuffer()
        record.writeInteger(UInt8(22))
        record.writeInteger(UInt16(0x0303))
        record.writeInteger(UInt16(4 + body.readableBytes))
        record.writeInteger(UInt8(2))                             // ServerHello
        record.writeInteger(UInt8(0))
        record.writeInteger(UInt16(body.readableBytes))
        record.writeImmutableBuffer(body)
        return record
    }

    @Test func aServerHelloIsReadWholeOrByteByByte() {
        let record = Self.serverHello(suite: 0xC02B)
        #expect(CipherSuiteObserver.parse(record) == .cipherSuite(0xC02B))
        #expect(CipherSuiteObserver.parse(Self.serverHello(suite: 0x1301, sessionIDLength: 0)) == .cipherSuite(0x1301))
        for length in [0, 1, 5, 9, 40, 75] {
            #expect(CipherSuiteObserver.parse(record.getSlice(at: 0, length: length)!) == .needMoreBytes, "\(length) bytes")
        }

        let observer = CipherSuiteObserver(direction: .read)
        let channel = EmbeddedChannel(handler: observer)
        for index in 0..<record.readableBytes {
            try? channel.writeInbound(record.getSlice(at: index, length: 1)!)
        }
        #expect(observer.cipherSuite == "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256")
        _ = try? channel.finish()
    }

    @Test func otherRecordsAreNotMistakenForAServerHello() {
        var alert = ByteBuffer(bytes: [21, 3, 3, 0, 2, 2, 40])  // an alert record
        #expect(CipherSuiteObserver.parse(alert) == .noServerHello)
        var clientHello = Self.serverHello(suite: 0x1301)
        clientHello.setInteger(UInt8(1), at: 5)                  // handshake type 1: ClientHello
        #expect(CipherSuiteObserver.parse(clientHello) == .noServerHello)
        var split = Self.serverHello(suite: 0x1301)
        split.setInteger(UInt16(20), at: 3)                      // a record too short to hold it
        #expect(CipherSuiteObserver.parse(split) == .noServerHello)
        alert.clear()
        #expect(CipherSuiteObserver.parse(alert) == .needMoreBytes)
    }

    @Test func aSuiteWithoutANameIsShownAsItsCodePoint() {
        #expect(NIOTLSCipher(rawValue: 0x1301).loggedName == "TLS_AES_128_GCM_SHA256")
        #expect(NIOTLSCipher(rawValue: 0x00AB).loggedName == "0x00AB")
    }
}
