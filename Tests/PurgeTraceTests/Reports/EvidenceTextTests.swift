import Testing
@testable import PurgeTrace

@Suite struct EvidenceTextTests {
    @Test func jsonRecordsAreShownAsTimeProcessTypeAndMessage() {
        let raw = #"{"timestamp":"2026-05-03 07:11:00.500000-0700","messageType":"Error","processImagePath":"/private/var/containers/Bundle/Application/X/Ledgerly.app/Ledgerly","processID":812,"eventMessage":"Export failed with error:\nCode=134301"}"#
        #expect(ReportText.evidence(raw) == "2026-05-03 07:11:00.500000-0700 Ledgerly[812] Error: Export failed with error:\nCode=134301")
    }

    @Test func unifiedLogJSONLinesUseTheirOwnKeys() {
        let raw = #"{"timestamp":"2026-05-03T14:11:00.500000000Z","process":"/usr/libexec/cloudd","pid":120,"log_type":"Default","message":"hello"}"#
        #expect(ReportText.evidence(raw) == "2026-05-03T14:11:00.500000000Z cloudd[120] Default: hello")
    }

    @Test func otherTextIsShownAsRead() {
        #expect(ReportText.evidence("2026-03-14 10:08:05.915000+0900 0x1 Default 0x0 812 0 Ledgerly: UC=0, Items=0")
            == "2026-03-14 10:08:05.915000+0900 0x1 Default 0x0 812 0 Ledgerly: UC=0, Items=0")
        #expect(ReportText.evidence("{not json") == "{not json")
        #expect(ReportText.evidence(#"{"count":3,"finished":1}"#) == #"{"count":3,"finished":1}"#)
    }
}
