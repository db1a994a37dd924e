import ArgumentParser
import Foundation
import LoupeProxy

/// `--dir DIR`, shared by the `loupe ca` commands: the folder of Loupe's certificate authority.
struct CAOptions: ParsableArguments {
    @Option(name: .customLong("dir"),
            help: ArgumentHelp("The CA's folder (default: $LOUPE_HOME/ca, else $XDG_CONFIG_HOME/loupe/ca, else ~/.config/loupe/ca).",
                               valueName: "dir"),
            completion: .directory)
    var directory: String?

    /// The folder named by `--dir`, else the default one.
    var directoryURL: URL {
        directory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? CertificateAuthority.defaultDirectory()
    }

    /// Loads the CA, creating it on first use; an error is printed as its sentence (exit status 2).
    func loadOrCreate() throws -> CertificateAuthority {
        do {
            return try CertificateAuthority.loadOrCreate(in: directoryURL)
        } catch {
            throw Terminal.fail("\(error)")
        }
    }
}
