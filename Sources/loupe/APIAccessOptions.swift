import ArgumentParser
import Foundation
import LoupeServer

/// The access-token options of every command that serves the log API (`loupe proxy`, `loupe
/// open`): `--api-token TOKEN` or `LOUPE_API_TOKEN`, else a fresh random token; `--no-api-token`
/// serves without one.
struct APIAccessOptions: ParsableArguments {
    /// The variable that sets the token for servers and for clients (`console --attach`, `export --from`).
    static let environmentVariable = "LOUPE_API_TOKEN"

    @Option(name: .customLong("api-token"),
            help: ArgumentHelp("The access token the log API and web inspector require (default: $LOUPE_API_TOKEN, else a random one printed at startup in the inspector's address).",
                               valueName: "token"))
    var token: String?

    @Flag(name: .customLong("no-api-token"),
          help: "Serve the log API and inspector without an access token: any program or user on this machine can then read the log.")
    var noToken = false

    func validate() throws {
        if noToken, token != nil { throw ValidationError("Give --api-token or --no-api-token, not both.") }
        if let token = token ?? Self.environmentToken { try Self.check(token) }
    }

    /// The token to require, or nil with `--no-api-token`.
    var resolvedToken: String? {
        noToken ? nil : token ?? Self.environmentToken ?? LogAPIServer.randomAccessToken()
    }

    /// `LOUPE_API_TOKEN` when set and not empty.
    static var environmentToken: String? {
        guard let value = ProcessInfo.processInfo.environment[environmentVariable], !value.isEmpty else { return nil }
        return value
    }

    /// A token must be long enough not to be guessed and fit in a URL and a header as it is.
    static func check(_ token: String) throws {
        guard token.count >= 16, token.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-._~".unicodeScalars.contains($0)) }) else {
            throw ValidationError("The API token (--api-token or \(environmentVariable)) must be at least 16 characters of letters, digits, '-', '.', '_' and '~'.")
        }
    }

    /// Prints where the API and inspector are, the token included (the way Jupyter prints its URL).
    static func announce(_ running: LogAPIServer.Running, command: String) {
        Terminal.printError("loupe \(command): log API on \(running.baseURL)"
                            + (running.accessToken == nil ? " (no access token: anyone on this machine can read it)" : ""))
        Terminal.printError("loupe \(command): web inspector at \(running.inspectorURL) (open it in a browser)")
        Terminal.printError("loupe \(command): attach with  loupe console --attach '\(running.inspectorURL)'")
    }
}
