import Foundation
import Testing

/// purgetrace never talks to the network (issue 8): no networking API in any source
/// file, and the HTML report loads nothing from elsewhere.
@Suite struct NoNetworkTests {
    /// Networking APIs of Foundation, POSIX and Apple's frameworks.
    static let forbidden = ["URLSession", "FoundationNetworking", "socket(", "connect(", "getaddrinfo", "gethostbyname",
                            "NWConnection", "import Network", "CFSocket", "CFStream", "URLRequest", "curl_", "sendto(", "recvfrom("]

    static func sourceFiles() throws -> [URL] {
        let sources = TestPaths.packageRoot.appendingPathComponent("Sources")
        let all = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return all.filter { ["swift", "h", "c", "modulemap"].contains($0.pathExtension) }
    }

    @Test func noSourceFileUsesANetworkingAPI() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100, "the sources were not found under \(TestPaths.packageRoot.path)")
        var hits: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for api in Self.forbidden where Self.mentions(String(line), api) {
                    hits.append("\(file.path.dropFirst(TestPaths.packageRoot.path.count + 1)):\(n + 1): \(api)")
                }
            }
        }
        #expect(hits == [], "networking API used: \(hits)")
    }

    /// `api` as a word of its own (`connect(` but not `disconnect(`).
    static func mentions(_ line: String, _ api: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: api) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            if !(before.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false) { return true }
            rest = line[range.upperBound...]
        }
        return false
    }

    @Test func theBinaryDoesNotLinkANetworkingLibrary() throws {
        #if os(Linux)
        let run = try ChildRun.run([TestPaths.binary], executable: "/usr/bin/ldd")
        guard run.status == 0 else { return }  // no ldd (static build): nothing to inspect
        for library in ["libFoundationNetworking", "libcurl", "libnghttp"] {
            #expect(!run.stdout.contains(library), "purgetrace links \(library)")
        }
        #endif
    }

    @Test func theHTMLReportLoadsNothingFromElsewhere() throws {
        let run = try ChildRun.run(["analyze", "--format", "html", Hazard.goodSample])
        #expect(run.status == 0)
        let html = run.stdout.lowercased()
        for remote in ["src=\"http", "src='http", "href=\"http", "url(http", "@import", "src=\"//", "<link", "<script"] {
            #expect(!html.contains(remote), "the report refers to \(remote)…")
        }
    }
}
