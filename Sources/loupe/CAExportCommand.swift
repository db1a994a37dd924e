#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ArgumentParser
import Foundation
import LoupeProxy

/// `loupe ca export`: the CA certificate (never its key) in PEM or DER, to a file or standard output.
struct CAExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the CA certificate in PEM or DER, to standard output or a file (never the key).",
        discussion: """
            PEM is the text form most tools read; DER is the binary form some trust stores and \
            mobile devices ask for. Without -o the certificate goes to standard output; DER is \
            refused when standard output is a terminal. The file is written with mode 0644: a \
            certificate is public.

            EXAMPLES:
              loupe ca export > loupe-ca.pem
              loupe ca export --format der -o loupe-ca.der
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case pem, der
    }

    @Option(help: "Text (pem) or binary (der).")
    var format: Format = .pem

    @Option(name: .shortAndLong, help: ArgumentHelp("The file to write (default: standard output).", valueName: "file"),
            completion: .file())
    var output: String?

    @OptionGroup var options: CAOptions

    func run() throws {
        if output == nil, format == .der, isatty(STDOUT_FILENO) == 1 {
            throw Terminal.fail("DER is binary and standard output is a terminal; write it to a file with "
                                + "-o loupe-ca.der, or redirect it: loupe ca export --format der > loupe-ca.der")
        }
        let authority = try options.loadOrCreate()
        let bytes = format == .pem ? Array(authority.certificatePEM.utf8) : authority.certificateDER
        guard let output else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        let destination = URL(fileURLWithPath: output).standardizedFileURL.resolvingSymlinksInPath()
        let own = [authority.certificateURL, authority.keyURL].map { $0.standardizedFileURL.resolvingSymlinksInPath().path }
        guard !own.contains(destination.path) else {
            throw Terminal.fail("\(output) is one of the CA's own files; export to another path.")
        }
        do {
            try Data(bytes).write(to: destination, options: .atomic)
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: destination.path)
        } catch {
            throw Terminal.fail("could not write \(output): \(error.localizedDescription)")
        }
        print("Wrote the CA certificate (\(format.rawValue.uppercased())) to \(output).")
    }
}
