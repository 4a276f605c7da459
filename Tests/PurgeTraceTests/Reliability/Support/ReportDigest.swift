import Foundation

/// The parts of a JSON report (contract §2) the hazard tests look at.
struct ReportDigest {
    struct Input {
        var path: String
        var format: String?
        var records: Int
        var undecodable: Int
        var warnings: [String]
    }

    struct Incident {
        var id: String
        var kind: String
        var verdict: String
        var reason: String?
        var outcome: String?
        var stepTexts: [String]
    }

    var inputs: [Input]
    var incidents: [Incident]
    var ruleErrors: [String]

    struct NotAReport: Error, CustomStringConvertible {
        let description: String
    }

    init(json text: String) throws {
        guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw NotAReport(description: "not a JSON object: \(text.prefix(200))")
        }
        inputs = (object["inputs"] as? [[String: Any]] ?? []).map { i in
            Input(path: i["path"] as? String ?? "", format: i["format"] as? String,
                  records: i["records"] as? Int ?? -1, undecodable: i["undecodable"] as? Int ?? -1,
                  warnings: i["warnings"] as? [String] ?? [])
        }
        incidents = (object["incidents"] as? [[String: Any]] ?? []).map { i in
            Incident(id: i["id"] as? String ?? "", kind: i["kind"] as? String ?? "", verdict: i["verdict"] as? String ?? "",
                     reason: i["reason"] as? String, outcome: i["outcome"] as? String,
                     stepTexts: (i["steps"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String })
        }
        ruleErrors = ((object["rules"] as? [String: Any])?["errors"] as? [Any] ?? []).map { "\($0)" }
    }

    /// The inputs whose path contains `fragment`.
    func inputs(containing fragment: String) -> [Input] {
        inputs.filter { $0.path.contains(fragment) }
    }

    /// Every warning of every input whose path contains `fragment`, joined.
    func warnings(of fragment: String) -> String {
        inputs(containing: fragment).flatMap(\.warnings).joined(separator: " | ")
    }

    /// The sample's purge: one probable store-purge, reason HistoryExpired, outcome lost.
    var hasTheSamplePurge: Bool {
        incidents.contains { $0.kind == "store-purge" && $0.verdict == "probable" && $0.reason == "HistoryExpired" && $0.outcome == "lost" }
    }
}
