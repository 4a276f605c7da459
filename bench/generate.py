#!/usr/bin/env python3
"""Generates a large, realistic `log show` export for benchmarks (deterministic).

    bench/generate.py --size-mb 500 --format log-show --out bench/out/big.log
    bench/generate.py --size-mb 500 --format log-ndjson --out bench/out/big.ndjson

Both formats get the same records (the same seed gives the same sequence; sizes and the
spacing of the purge chains are measured in `log show` bytes whatever the format), so
the two files of one size compare parsers on identical content; the NDJSON file is about
a third larger.

Noise is a mix of system daemons and the app's own ordinary Core Data / CloudKit traffic
(export/import bookkeeping lines that look like signals but are not), so a prefilter
that only looks for "CoreData" gains nothing. Every ~40 MB a purge chain is buried
(alternating lost and recovered), so the benchmark also exercises correlation and the
report. The same seed gives the same bytes.
"""
import argparse
import datetime as dt
import json
import random

APP, PID = "Ledgerly", 812
D = "<NSCloudKitMirroringDelegate: 0x600003d082d0>"
ZONE = "<CKRecordZoneID: 0x600000c3bab0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>"

SYSTEM = [
    ("runningboardd", 33, None, "com.apple.runningboard", "assertion", "Acquiring assertion targeting [app<com.example.ledgerly(4C1E6F0B)>:812] from originator [osservice<com.apple.SpringBoard>:34] with description <RBSAssertionDescriptor| \"FBSceneManager\" ID:33-34-{n} target:812>"),
    ("runningboardd", 33, None, "com.apple.runningboard", "process", "[app<com.apple.mobilemail>:{p}] Set jetsam priority to 100 [0] flag[1] (was 10 [0] flag[1])"),
    ("locationd", 88, None, "com.apple.locationd.Core", "Client", "{{\"msg\":\"client authorization\", \"Client\":\"com.apple.weather\", \"Authorized\":{b}}}"),
    ("SpringBoard", 34, "FrontBoard", "com.apple.FrontBoard", "Common", "[app<com.example.ledgerly>:812] Setting process visibility to: Foreground"),
    ("cloudd", 120, None, "com.apple.cloudkit", "Scheduler", "Scheduling activity com.apple.cloudkit.fetch.{n} for container iCloud.com.example.ledgerly"),
    ("cloudd", 120, "CloudKitDaemon", "com.apple.cloudkit", "Engine", "Operation <CKDModifyRecordsURLRequest: 0x7fa{n:05x}> finished in {ms} ms with 3 records"),
    ("mDNSResponder", 78, None, "com.apple.mDNSResponder", "Default", "[R{n}] getaddrinfo start -- flags: 0xC000D000, ifindex: 0, protocols: 0, hostname: <mask.hash: 'p8oVn9D2'>"),
    ("kernel", 0, None, None, None, "Sandbox: dasd(95) deny(1) file-read-metadata /private/var/mobile/Library/Caches/{n}"),
    ("dasd", 95, "DuetActivitySchedulerDaemon", "com.apple.duetactivityscheduler", "scoring", "Activity com.apple.cloudkit.fetch: deferred, score 0.{b}{b}"),
    ("wifid", 61, None, "com.apple.WiFiManager", "Default", "__WiFiLQAMgrLogStats(MyHomeNet:Stationary): Rssi: -{b}8 {{-57 -59}} Cca: 22 (S:3 O:17 I:2) Snr: 33"),
    ("backboardd", 64, "BackBoardServices", "com.apple.BackBoard", "HID", "Sending event type 3 to <BKHIDEventDeferringTarget: 0x{n:06x}; pid: 34>"),
    ("nsurlsessiond", 140, "CFNetwork", "com.apple.CFNetwork", "Summary", "Task <{n}-AB12>.<1> summary for task success {{transaction_duration_ms={ms}, response_status=200, connection={b}}}"),
    ("symptomsd", 101, None, "com.apple.symptomsd", "analytics", "Data Usage for Ledgerly on flow {n} - WiFi in: {ms}, WiFi out: 1024, WWAN in: 0, WWAN out: 0"),
    (APP, PID, "CoreData", "com.apple.coredata", "CloudKit", "CloudKit: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _scheduleAutomatedExportWithLabel:activity:voucher:completionHandler:](3633): " + D + " - Beginning automated export - ExportActivity:"),
    (APP, PID, "CoreData", "com.apple.coredata", "CloudKit", "CloudKit: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _finishedRequest:withResult:](3542): Finished request:  EAD940DB-{n:04X}-4E0B-9D7E-3B5A2C1F0E9D with result:  storeIdentifier: 9F1E success: 1 madeChanges: 0 error: (null)"),
    (APP, PID, "CoreData", "com.apple.coredata", "warning", "warning: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): Finished export: " + D),
    (APP, PID, "CoreData", "com.apple.coredata", "sql", "sql: SELECT t0.Z_ENT, t0.Z_PK, t0.Z_OPT, t0.ZTITLE FROM ZENTRY t0 WHERE  t0.ZSYNCED = ? LIMIT {b}"),
    (APP, PID, None, "com.example.ledgerly", "ui", "Rendered ledger view with {n} rows in {ms} ms"),
]


def stamp(t, offset_h=9):
    local = t + dt.timedelta(hours=offset_h)
    return local.strftime("%Y-%m-%d %H:%M:%S.%f") + f"+{offset_h:02d}00"


def chain(t, lost):
    out = []
    def cd(dtsec, kind, cat, msg):
        nonlocal t
        t += dt.timedelta(seconds=dtsec)
        out.append((t, kind, APP, PID, "CoreData", "com.apple.coredata", cat, msg))
    def app(dtsec, msg):
        nonlocal t
        t += dt.timedelta(seconds=dtsec)
        out.append((t, "Default", APP, PID, None, "com.example.ledgerly", "sync", msg))
    app(0, "🛟 SafetySnapshot written: 844 children, 3377717 bytes")
    app(600, "UC=1, Items=844")
    cd(300, "Error", "error", f"error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate recoverFromError:](2312): {D} - Attempting recovery from error: Error Domain=NSCocoaErrorDomain Code=134301 \"Persistent History Token is expired\"")
    cd(0.01, "Error", "error", f"error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): {D}: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: 'HistoryExpired'")
    cd(0.03, "Info", "CloudKit", "CloudKit: CoreData+CloudKit: -[PFCloudKitMetadataPurger purgeMetadataFromStore:inMonitor:withOptions:forRecordZones:inDatabaseWithScope:andTransactionAuthor:error:]_block_invoke(84): NSCloudKitMirroringDelegate.reset - Removing cloud metadata and client rows in zone: " + ZONE)
    for i in range(8):
        cd(0.2, "Debug", "sql", f"debug: PostSaveMaintenance: incremental_vacuum with freelist_count - {200 - i} and pages_to_free {90 - i}")
    cd(0.3, "Error", "error", f"error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): {D}: Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: 'HistoryExpired'")
    app(2, "UC=0, Items=0")
    if lost:
        cd(5, "Error", "error", f"error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _importFinishedWithResult:importer:](1418): {D}: Import failed with error: <CKError 0x600001f5c2a0: \"Network Unavailable\" (3/NSURLErrorDomain:-1009)>")
    else:
        cd(40, "Default", "warning", "warning: CoreData+CloudKit: -[PFCloudKitImportRecordsWorkItem newMirroringResultByApplyingAccumulatedChanges]_block_invoke(241): Finished importing changes for request:  2D00459F-6C1A-4E0B-9D7E-3B5A2C1F0E9D")
        app(2, "UC=1, Items=844")
    return out


def line_show(e):
    t, kind, process, pid, sender, subsystem, category, msg = e
    rest = f"{process}: " + (f"({sender}) " if sender else "") + (f"[{subsystem}:{category}] " if subsystem else "")
    return f"{stamp(t)} {'0x1a2b3':<10} {kind:<11} {'0x0':<20} {pid:<6} {0:<4} {rest}{msg}\n"


def line_ndjson(e):
    t, kind, process, pid, sender, subsystem, category, msg = e
    image = f"/usr/libexec/{process}" if process != APP else "/private/var/containers/Bundle/Application/0D1E2F30/Ledgerly.app/Ledgerly"
    return json.dumps({"timezoneName": "", "messageType": kind, "eventType": "logEvent", "subsystem": subsystem or "",
                       "category": category or "", "threadID": 1717171, "processImagePath": image,
                       "senderImagePath": "/System/Library/Frameworks/CoreData.framework/CoreData" if sender == "CoreData" else image,
                       "timestamp": stamp(t), "eventMessage": msg, "processID": pid}, ensure_ascii=False, separators=(",", ":")) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--size-mb", type=int, default=200)
    ap.add_argument("--format", choices=["log-show", "log-ndjson"], default="log-show")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    target = a.size_mb * 1024 * 1024
    fmt = line_show if a.format == "log-show" else line_ndjson
    t = dt.datetime(2026, 3, 1, 0, 0, 0)
    written, next_chain, chains = 0, 40 * 1024 * 1024, 0
    kinds = ["Default"] * 6 + ["Info"] * 3 + ["Error", "Debug"]
    with open(a.out, "w", encoding="utf-8", newline="\n") as f:
        if a.format == "log-show":
            f.write(f"{'Timestamp':<31} {'Thread':<10} {'Type':<11} {'Activity':<20} {'PID':<6} {'TTL':<4} \n")
        buf = []
        while written < target:
            t += dt.timedelta(microseconds=rng.randrange(1000, 400_000))
            p = SYSTEM[rng.randrange(len(SYSTEM))]
            msg = p[5].format(n=rng.randrange(1 << 20), p=rng.randrange(100, 999), b=rng.randrange(10), ms=rng.randrange(1, 900))
            record = (t, kinds[rng.randrange(len(kinds))], p[0], p[1], p[2], p[3], p[4], msg)
            buf.append(fmt(record))
            written += len(line_show(record).encode("utf-8"))
            if written >= next_chain:
                for e in chain(t, lost=chains % 2 == 0):
                    buf.append(fmt(e))
                t = e[0] + dt.timedelta(seconds=1)
                chains += 1
                next_chain += 40 * 1024 * 1024
            if len(buf) >= 10000:
                f.write("".join(buf))
                buf = []
        f.write("".join(buf))


if __name__ == "__main__":
    main()
