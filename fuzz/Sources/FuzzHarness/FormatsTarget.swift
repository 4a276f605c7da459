import PurgeTrace

/// Input: one selector byte, then a source's bytes. Selector mod 16: 0–12 force that
/// format (`LogFormat.allCases` order); 13–15 detect it from the head, as the reader does.
/// Bit 4 gives the parser `--year`/`--date`, bit 5 a `--timezone`, so the paths that
/// need them and the ones that infer them are both reached.
enum FormatsTarget {
    static func run(_ data: UnsafeRawBufferPointer) {
        guard let selector = data.first else { return }
        let body = UnsafeRawBufferPointer(rebasing: data.dropFirst())
        let formats = LogFormat.allCases
        let format: LogFormat
        if Int(selector & 15) < formats.count {
            format = formats[Int(selector & 15)]
        } else {
            let head = UnsafeRawBufferPointer(rebasing: body.prefix(64 << 10))
            guard let detected = FormatDetector.detect(head: head, fileName: "MyApp 2024-01-15--10-23-45-678.log") else { return }
            format = detected
        }
        var time = TimeOptions()
        if selector & 16 != 0 {
            time.year = 2024
            time.date = CivilTime(year: 2024, month: 1, day: 15)
        }
        if selector & 32 != 0 { time.zone = ZoneRule(parsing: "Asia/Seoul") }
        let context = SourceContext(path: "fuzz.log", time: time)
        var parser = format.makeParser(context: context)
        let matcher = ShippedRules.engine.makeMatcher()
        let source = SourceInfo(path: "fuzz.log", device: "fuzz", format: format)
        let sink: (RecordView) -> Void = { view in
            _ = view.materialize()
            matcher.match(view, source: source) { _ in }
        }
        do {
            var number = 0
            var start = 0
            while start < body.count {
                let newline = body[start...].firstIndex(of: 10) ?? body.count
                var end = newline
                if end > start, body[end - 1] == 13 { end -= 1 }
                number += 1
                try parser.feed(line: UnsafeRawBufferPointer(rebasing: body[start..<end]), number: number,
                                offset: Int64(start), emit: sink)
                start = newline + 1
            }
            try parser.finish(emit: sink)
        } catch {
            // A format that needs an option it was not given: a clean error is a fine answer.
        }
        _ = context.warnings
        _ = matcher.warnings
    }
}
