#!/usr/bin/env python3
"""Writes the core samples in samples/ from scripted scenarios.

The lines follow the shapes in shared/docs/log-formats.md and coredata-messages.md; the
app ("Ledgerly", bundle id com.example.ledgerly) and every value are invented. Running
the script again gives the same bytes.
"""
import datetime as dt
import json
import os
import random

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "samples")
APP, PID = "Ledgerly", 812
DELEGATE = "<NSCloudKitMirroringDelegate: 0x600003d082d0>"
ZONE = "<CKRecordZoneID: 0x600000c3bab0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>"
E134301 = ('Error Domain=NSCocoaErrorDomain Code=134301 "Persistent History Token is expired for store at '
           "/var/mobile/Containers/Data/Application/4C1E6F0B-2D2A-4B7E-9A51-0B2C1D3E4F50/Library/Application Support/Ledgerly.sqlite\" "
           'UserInfo={NSLocalizedFailureReason=The history token is too old to be used.}')

NOISE = [
    ("runningboardd", 33, None, "com.apple.runningboard", "assertion", "Acquiring assertion targeting [app<com.example.ledgerly(4C1E6F0B)>:812] from originator [osservice<com.apple.SpringBoard>:34]"),
    ("locationd", 88, None, "com.apple.locationd.Core", "Client", "{\"msg\":\"client authorization\", \"Client\":\"com.apple.weather\", \"Authorized\":1}"),
    ("SpringBoard", 34, "FrontBoard", "com.apple.FrontBoard", "Common", "[app<com.example.ledgerly>:812] Setting process visibility to: Foreground"),
    ("cloudd", 120, None, "com.apple.cloudkit", "Scheduler", "Scheduling activity com.apple.cloudkit.fetch for container iCloud.com.example.ledgerly"),
    ("mDNSResponder", 78, None, "com.apple.mDNSResponder", "Default", "[R4512] getaddrinfo start -- flags: 0xC000D000, ifindex: 0, protocols: 0, hostname: <mask.hash: 'p8oVn9D2'>"),
    ("kernel", 0, None, None, None, "Sandbox: dasd(95) deny(1) file-read-metadata /private/var/mobile/Library/Caches"),
    ("dasd", 95, "DuetActivitySchedulerDaemon", "com.apple.duetactivityscheduler", "scoring", "Activity com.apple.cloudkit.fetch: deferred, score 0.42"),
    ("wifid", 61, None, "com.apple.WiFiManager", "Default", "__WiFiLQAMgrLogStats(MyHomeNet:Stationary): Rssi: -58 {-57 -59} Cca: 22 (S:3 O:17 I:2) Snr: 33"),
]


def ts_show(t, offset_h):
    local = t + dt.timedelta(hours=offset_h)
    sign = "+" if offset_h >= 0 else "-"
    return local.strftime("%Y-%m-%d %H:%M:%S.%f") + f"{sign}{abs(offset_h):02d}00"


def show_line(t, offset_h, kind, process, pid, sender, subsystem, category, message, thread=0x1a2b3):
    head = f"{ts_show(t, offset_h)} {hex(thread):<10} {kind:<11} {'0x0':<20} {pid:<6} {0:<4} "
    rest = f"{process}: "
    if sender:
        rest += f"({sender}) "
    if subsystem:
        rest += f"[{subsystem}:{category}] "
    return head + rest + message


class Scenario:
    def __init__(self, start, seed):
        self.t = start
        self.events = []  # (time, kind, process, pid, sender, subsystem, category, message)
        self.rng = random.Random(seed)

    def at(self, seconds):
        self.t += dt.timedelta(seconds=seconds)
        return self

    def app(self, message, kind="Default"):
        self.events.append((self.t, kind, APP, PID, None, "com.example.ledgerly", "sync", message))

    def coredata(self, message, kind="Error", category="error"):
        self.events.append((self.t, kind, APP, PID, "CoreData", "com.apple.coredata", category, message))

    def noise(self, minutes, per_minute=3):
        end = self.t + dt.timedelta(minutes=minutes)
        t = self.t
        while t < end:
            t += dt.timedelta(seconds=self.rng.uniform(2, 60 / per_minute * 2), microseconds=self.rng.randrange(1_000_000))
            p = self.rng.choice(NOISE)
            kind = self.rng.choice(["Default", "Default", "Info", "Error"])
            self.events.append((t, kind) + p)
        self.t = end

    def sorted(self):
        return sorted(self.events, key=lambda e: e[0])


def purge_chain(s, prefixed=True, reason="HistoryExpired"):
    """The flagship chain of incident-model.md §1, as Core Data logs it."""
    pre = "error: " if prefixed else ""
    cat = "error" if prefixed else "CloudKit"
    s.coredata(f"{pre}CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): {DELEGATE}: Export failed with error:\n{E134301}", category=cat)
    s.at(0.004).coredata(f"{pre}CoreData+CloudKit: -[NSCloudKitMirroringDelegate recoverFromError:](2312): {DELEGATE} - Attempting recovery from error: {E134301}", category=cat)
    s.at(0.002).coredata(f"{pre}CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): {DELEGATE}: Sending 'NSCloudKitMirroringDelegateWillResetSyncNotificationName' with reason: '{reason}'", category=cat)
    s.at(0.031).coredata(("CloudKit: " if prefixed else "") + "CoreData+CloudKit: -[PFCloudKitMetadataPurger purgeMetadataFromStore:inMonitor:withOptions:forRecordZones:inDatabaseWithScope:andTransactionAuthor:error:]_block_invoke(84): NSCloudKitMirroringDelegate.reset - Removing cloud metadata and client rows in zone: " + ZONE, kind="Info", category="CloudKit")
    for i in range(9):
        if i % 3 == 2:
            s.at(0.21).coredata(f"{'debug: ' if prefixed else ''}WAL checkpoint: Database did checkpoint. Log size: {1012 - i * 40} checkpointed: {1012 - i * 40}", kind="Debug", category="sql" if prefixed else "SQL")
        else:
            s.at(0.17).coredata(f"{'debug: ' if prefixed else ''}PostSaveMaintenance: incremental_vacuum with freelist_count - {280 - i * 11} and pages_to_free {150 - i * 7}", kind="Debug", category="sql" if prefixed else "SQL")
    s.at(0.4).coredata(f"{pre}CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2890): {DELEGATE}: Sending 'NSCloudKitMirroringDelegateDidResetSyncNotificationName' with reason: '{reason}'", category=cat)
    s.at(0.003).coredata(f"{pre}CoreData+CloudKit: -[NSCloudKitMirroringDelegate _recoverFromError:withZoneIDs:forStore:inMonitor:](2622): {DELEGATE} - Recovered from error: NSCocoaErrorDomain:134301", category=cat)


def write_log_show(path, events, offset_h, footer=True):
    counts = {"Default": 0, "Info": 0, "Debug": 0, "Error": 0, "Fault": 0}
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write('Filtering the log data using "process == \\"Ledgerly\\" OR subsystem BEGINSWITH \\"com.apple\\""\n')
        f.write(f"{'Timestamp':<31} {'Thread':<10} {'Type':<11} {'Activity':<20} {'PID':<6} {'TTL':<4} \n")
        for e in events:
            f.write(show_line(e[0], offset_h, *e[1:]) + "\n")
            counts[e[1]] += 1
        if footer:
            f.write("-" * 116 + "\n")
            f.write(f"Log      - Default: {counts['Default']:>10}, Info: {counts['Info']:>16}, Debug: {counts['Debug']:>14}, Error: {counts['Error']:>11}, Fault: {counts['Fault']:>10}\n")
            f.write(f"Activity - Create: {0:>10}, Transition: {0:>10}, Actions: {0:>11}\n")


def lost_purge():
    s = Scenario(dt.datetime(2026, 3, 14, 0, 30, 0, 125_000), seed=1)
    s.noise(5)
    s.app("Launch complete, store loaded in 0.31 s")
    s.at(1.2).app("UC=1, Items=844")
    s.noise(12)
    s.app("🛟 SafetySnapshot written: 844 children, 3377717 bytes")
    s.noise(3)
    s.coredata("CoreData: warning: Warning: Dropping Transactions prior to 1187 for Persistent History", kind="Default", category="warning")
    s.noise(18)
    purge_chain(s, prefixed=True)
    s.at(2.5).app("UC=0, Items=0")
    s.at(4.1).coredata(f"error: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _importFinishedWithResult:importer:](1418): {DELEGATE}: Import failed with error:\n<CKError 0x600001f5c2a0: \"Network Unavailable\" (3/NSURLErrorDomain:-1009); \"The Internet connection appears to be offline.\">")
    s.noise(25)
    s.app("UC=0, Items=0")
    s.noise(20)
    s.app("Scene entered background")
    s.noise(4)
    write_log_show(os.path.join(OUT, "lost-purge-log-show.log"), s.sorted(), offset_h=9)


def recovered_purge():
    """iOS 26 style (no level prefixes), exported as ndjson; the snapshot is 30 hours old."""
    s = Scenario(dt.datetime(2026, 5, 2, 8, 0, 0, 500_000), seed=2)
    s.noise(3)
    s.app("🛟 SafetySnapshot written: 901 children, 3604117 bytes")
    s.at(30 * 3600)
    s.noise(2)
    s.app("UC=1, Items=912")
    s.noise(6)
    purge_chain(s, prefixed=False)
    s.at(1.9).app("UC=0, Items=0")
    s.at(48).coredata("CoreData+CloudKit: -[PFCloudKitImporter databaseFetchFinishWithContext:error:completion:]_block_invoke(304): <PFCloudKitImporter: 0x600002a4c0f0>: Import request finished:  2D00459F-6C1A-4E0B-9D7E-3B5A2C1F0E9D - { Token: Changed: {(<CKServerChangeToken: 0x6000032b5d40; data=AQAAAAAAAACWf/////////+WyLR5X9pNu4l0QvzIvT9b>)}}", kind="Info", category="CloudKit")
    s.at(0.8).coredata("CoreData+CloudKit: -[PFCloudKitImportRecordsWorkItem newMirroringResultByApplyingAccumulatedChanges]_block_invoke(241): Finished importing changes for request:  2D00459F-6C1A-4E0B-9D7E-3B5A2C1F0E9D", kind="Default", category="CloudKit")
    s.at(2.0).app("UC=1, Items=912")
    s.noise(10)
    path = os.path.join(OUT, "recovered-purge-ndjson.log")
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write("Skipping debug messages, pass --debug to include.\n")
        n = 0
        for e in s.sorted():
            t, kind, process, pid, sender, subsystem, category, message = e
            if kind == "Debug":
                continue  # the export did not include debug lines
            image = {"Ledgerly": "/private/var/containers/Bundle/Application/0D1E2F30-4152-6374-8596-A7B8C9D0E1F2/Ledgerly.app/Ledgerly"}.get(process, f"/usr/libexec/{process}")
            obj = {
                "timezoneName": "",
                "messageType": kind,
                "eventType": "logEvent",
                "source": None,
                "formatString": "%{public}@",
                "userID": 501,
                "activityIdentifier": 0,
                "subsystem": subsystem or "",
                "category": category or "",
                "threadID": 1717171,
                "senderImageUUID": "5C2E1A4B-0000-4000-8000-000000000001",
                "bootUUID": "8E0F3C1A-55B2-4C7D-9E10-2A3B4C5D6E7F",
                "processImagePath": image,
                "senderImagePath": "/System/Library/Frameworks/CoreData.framework/CoreData" if sender == "CoreData" else image,
                "timestamp": ts_show(t, -7),
                "machTimestamp": 1234567890 + n,
                "eventMessage": message,
                "processImageUUID": "0D1E2F30-4152-6374-8596-A7B8C9D0E1F2",
                "traceID": 9876543210 + n,
                "processID": pid,
                "senderProgramCounter": 1234,
                "parentActivityIdentifier": 0,
            }
            f.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
            n += 1
        f.write(json.dumps({"count": n, "finished": 1}, separators=(",", ":")) + "\n")


def no_incident():
    """Xcode console: normal sync, one benign vacuum burst, counts steady."""
    s = Scenario(dt.datetime(2026, 6, 20, 14, 5, 0, 0), seed=3)
    lines = []

    def xc(t, msg, cat=None):
        local = t + dt.timedelta(hours=-7)
        stamp = local.strftime("%Y-%m-%d %H:%M:%S.%f") + "-0700"
        c = f" [{cat}]" if cat else ""
        lines.append(f"{stamp} Ledgerly[{PID}:{0x1a2b3 + len(lines) % 3}]{c} {msg}")

    t = s.t
    xc(t, "Launch complete, store loaded in 0.28 s", "sync")
    t += dt.timedelta(seconds=1)
    xc(t, "UC=1, Items=844", "sync")
    t += dt.timedelta(seconds=3)
    for m in [
        "CoreData: CloudKit: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _scheduleAutomatedExportWithLabel:activity:voucher:completionHandler:](3633): <NSCloudKitMirroringDelegate: 0x600003d082d0> - Beginning automated export - ExportActivity:",
        "CoreData: CloudKit: CoreData+CloudKit: -[PFCloudKitExporter analyzeHistoryInStore:withManagedObjectContext:error:](531): <PFCloudKitExporter: 0x600002a4c0f0>: Exporting changes since (0):",
        "CoreData: warning: CoreData+CloudKit: -[PFCloudKitExporter exportOperationFinished:withSavedRecords:deletedRecordIDs:operationError:](688): Modify records finished",
        "CoreData: warning: CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): Finished export: <NSCloudKitMirroringDelegate: 0x600003d082d0>",
    ]:
        xc(t, m)
        t += dt.timedelta(milliseconds=220)
    t += dt.timedelta(minutes=2)
    xc(t, "🛟 SafetySnapshot written: 844 children, 3377717 bytes", "sync")
    t += dt.timedelta(minutes=1)
    xc(t, "CoreData: debug: PostSaveMaintenance: fileSize 103580952 greater than prune threshold")
    for i in range(7):
        t += dt.timedelta(milliseconds=300)
        if i % 2:
            xc(t, f"CoreData: debug: WAL checkpoint: Database did checkpoint. Log size: {900 - i * 60} checkpointed: {900 - i * 60}")
        else:
            xc(t, f"CoreData: debug: PostSaveMaintenance: incremental_vacuum with freelist_count - {120 - i * 9} and pages_to_free {60 - i * 4}")
    t += dt.timedelta(seconds=2)
    xc(t, "UC=1, Items=845", "sync")
    t += dt.timedelta(minutes=6)
    xc(t, "CoreData: warning: CoreData+CloudKit: -[PFCloudKitImportRecordsWorkItem newMirroringResultByApplyingAccumulatedChanges]_block_invoke(241): Finished importing changes for request:  7A1B2C3D-4E5F-4061-8293-A4B5C6D7E8F9")
    t += dt.timedelta(seconds=1)
    xc(t, "UC=1, Items=846", "sync")
    t += dt.timedelta(minutes=3)
    xc(t, "Scene entered background", "sync")
    with open(os.path.join(OUT, "no-incident-xcode.log"), "w", encoding="utf-8", newline="\n") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    lost_purge()
    recovered_purge()
    no_incident()
