import Foundation
import ZIPFoundation

/// Builds small zip archives for tests.
enum ZIPFoundationHelpers {
    static func archive(at url: URL, containing files: [String: String]) throws -> Archive {
        let archive = try Archive(url: url, accessMode: .create)
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let data = Data(text.utf8)
            try archive.addEntry(with: name, type: .file, uncompressedSize: Int64(data.count)) { position, size in
                data.subdata(in: Int(position)..<(Int(position) + size))
            }
        }
        return archive
    }
}
