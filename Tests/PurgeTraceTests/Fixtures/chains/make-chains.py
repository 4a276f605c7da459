#!/usr/bin/env python3
"""Writes the chain fixtures of the golden end-to-end tests (Tests/PurgeTraceTests/EndToEnd).

One scripted scenario per variant of the store-purge chain (incident-model.md §1–§6), written
in the export format named in README.md. Line shapes follow shared/docs/log-formats.md and
coredata-messages.md; the apps ("Notefold", "Quillnote"), the devices and every value are
invented. Running the script again gives the same bytes (fixed seeds, fixed archive times).

    python3 Tests/PurgeTraceTests/Fixtures/chains/make-chains.py
"""
import datetime as dt
import gzip
import io
import json
import os
import random
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))

APP, BUNDLE, PID = "Notefold", "com.example.notefold", 812
APP_IMAGE = "/private/var/containers/Bundle/Application/6E2B9F14-3A7C-4D1E-8B05-9C4F2A1D7E63/Notefold.app/Notefold"
STORE = "/private/var/mobile/Containers/Data/Application/A81C5E02-7F3B-4C96-B1D4-2E6F0A9C3B57/Library/Application Support/Notefold.sqlite"
DELEGATE = "<NSCloudKitMirroringDelegate: 0x600003d0c2d0>"
ZONE = "<CKRecordZoneID: 0x600000c3e4a0; zoneName=com.apple.coredata.cloudkit.zone, ownerName=__defaultOwner__>"
SIMULATOR_STORE = ("/Users/annmeyer/Library/Developer/CoreSimulator/Devices/4D2C9A7E-1B3F-4E58-A6D0-7C9E2B4F1A38/data"
                   "/Containers/Data/Application/F03B6D18-92C4-4A7E-8E15-3D6A0C9B2F71/Library/Application Support/Notefold.sqlite")


def e134301(store=STORE):
    return f'Error Domain=NSCocoaErrorDomain Code=134301 "(null)" UserInfo={{message=Persistent History Token is expired for store at {store}}}'


E134301 = e134301()
ACCOUNT_UNAVAILABLE = ('<CKError 0x600000c3bab0: "Account Temporarily Unavailable" (36/1029); '
                       '"Account temporarily unavailable due to bad or missing auth token">')
USER_DELETED_ZONE = ('<CKError 0x604003a43c10: "User Deleted Zone" (28/2042); server message = "Zone was purged by user"; '
                     'op = 6F5E4D3C2B1A0987; uuid = 0C1D2E3F-4A5B-4C6D-8E7F-9A0B1C2D3E4F>')
PURGER = ("-[PFCloudKitMetadataPurger purgeMetadataFromStore:inMonitor:withOptions:forRecordZones:"
          "inDatabaseWithScope:andTransactionAuthor:error:]_block_invoke(84): NSCloudKitMirroringDelegate.reset")

# Lines of other processes, so that the evidence is continuous (no gap) where the
# scenario says so: (process, pid, sender, subsystem, category, message).
NOISE = [
    ("runningboardd", 33, None, "com.apple.runningboard", "assertion", "Acquiring assertion targeting [app<com.example.notefold(A81C5E02)>:812] from originator [osservice<com.apple.SpringBoard>:34]"),
    ("locationd", 88, None, "com.apple.locationd.Core", "Client", "{\"msg\":\"client authorization\", \"Client\":\"com.apple.weather\", \"Authorized\":1}"),
    ("SpringBoard", 34, "FrontBoard", "com.apple.FrontBoard", "Common", "[app<com.example.notefold>:812] Setting process visibility to: Foreground"),
    ("cloudd", 120, None, "com.apple.cloudkit", "Scheduler", "Scheduling activity com.apple.cloudkit.fetch for container iCloud.com.example.notefold"),
    ("mDNSResponder", 78, None, "com.apple.mDNSResponder", "Default", "[R7781] getaddrinfo start -- flags: 0xC000D000, ifindex: 0, protocols: 0, hostname: <mask.hash: 'q2Kd9Xa1'>"),
    ("kernel", 0, None, None, None, "Sandbox: dasd(95) deny(1) file-read-metadata /private/var/mobile/Library/Caches"),
    ("dasd", 95, "DuetActivitySchedulerDaemon", "com.apple.duetactivityscheduler", "scoring", "Activity com.apple.cloudkit.fetch: deferred, score 0.38"),
    ("wifid", 61, None, "com.apple.WiFiManager", "Default", "__WiFiLQAMgrLogStats(HomeNet-5G:Stationary): Rssi: -61 {-60 -62} Cca: 19 (S:2 O:15 I:2) Snr: 31"),
]


class Event:
    """One record: time (UTC), level, process, pid, sender image, subsystem, category, message."""

    def __init__(self, t, level, process, pid, sender, subsystem, category, message, thread=0x2a1f3):
        self.t, self.level, self.process, self.pid = t, level, process, pid
        self.sender, self.subsystem, self.category, self.message = sender, subsystem, category, message
        self.thread = thread


class Scenario:
    """A clock and the records written at its ticks (plus noise from other processes)."""

    def __init__(self, start, seed, process=APP, pid=PID, bundle=BUNDLE):
        self.t = start
        self.events = []
        self.rng = random.Random(seed)
        self.process, self.pid, self.bundle = process, pid, bundle

    def at(self, seconds):
        self.t += dt.timedelta(seconds=seconds)
        return self

    def add(self, level, sender, subsystem, category, message, process=None, pid=None):
        self.events.append(Event(self.t, level, process or self.process, self.pid if pid is None else pid,
                                 sender, subsystem, category, message))

    def app(self, message, level="Default", category="store", **kw):
        self.add(level, None, self.bundle, category, message, **kw)

    def coredata(self, message, level="Error", category="error", **kw):
        self.add(level, "CoreData", "com.apple.coredata", category, message, **kw)

    def noise(self, minutes, per_minute=2):
        end = self.t + dt.timedelta(minutes=minutes)
        t = self.t
        while True:
            t += dt.timedelta(seconds=self.rng.uniform(5, 60 / per_minute * 2), microseconds=self.rng.randrange(1_000_000))
            if t >= end:
                break
            p = self.rng.choice(NOISE)
            level = self.rng.choice(["Default", "Default", "Info", "Error"])
            self.events.append(Event(t, level, *p, thread=0x1c000 + self.rng.randrange(0x3fff)))
        self.t = end
        return self

    def sorted(self):
        return sorted(self.events, key=lambda e: e.t)


# --- Core Data lines (coredata-messages.md), iOS ≤ 18 prefixed or iOS 26 unprefixed -------------

class CoreData:
    def __init__(self, s, prefixed=True, process=None, pid=None, store=STORE):
        self.s, self.prefixed, self.error = s, prefixed, e134301(store)
        self.kw = {k: v for k, v in (("process", process), ("pid", pid)) if v is not None}

    def _line(self, prefix, message, level, category):
        pre = prefix if self.prefixed else ""
        cat = category if self.prefixed else ("SQL" if category in ("sql", "debug", "annotation") else "CloudKit")
        self.s.coredata(pre + message, level=level, category=cat, **self.kw)

    def history_truncated(self, n):
        self._line("warning: ", f"Warning: Dropping Transactions prior to {n} for Persistent History", "Default", "warning")

    def export_failed_134301(self):
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1487): {DELEGATE}: Export failed with error:\n{self.error}", "Error", "error")

    def recovery_attempted(self, error=None):
        error = error or self.error
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate recoverFromError:](2312): {DELEGATE} - Attempting recovery from error: {error}", "Error", "error")

    def reset(self, which, reason):
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate logResetSyncNotification:](2960): {DELEGATE}: Sending 'NSCloudKitMirroringDelegate{which}ResetSyncNotificationName' with reason: '{reason}'", "Error", "error")

    def rows_removed(self):
        self._line("CloudKit: ", f"CoreData+CloudKit: {PURGER} - Removing cloud metadata and client rows in zone: {ZONE}", "Info", "CloudKit")

    def rows_removed_account(self):
        self._line("CloudKit: ", f"CoreData+CloudKit: {PURGER.replace('(84)', '(91)')} - Removing rows after account change: <NSSQLCore: 0x10b3a0c00> (URL: file://{STORE.replace(' ', '%20')})", "Info", "CloudKit")

    def vacuum(self, i):
        if i % 3 == 2:
            self._line("debug: ", f"WAL checkpoint: Database did checkpoint. Log size: {1880 - i * 70} checkpointed: {1880 - i * 70}", "Debug", "sql")
        else:
            self._line("debug: ", f"PostSaveMaintenance: incremental_vacuum with freelist_count - {412 - i * 17} and pages_to_free {206 - i * 9}", "Debug", "debug")

    def recovered(self, error="NSCocoaErrorDomain:134301"):
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate _recoverFromError:withZoneIDs:forStore:inMonitor:](2640): {DELEGATE} - Recovered from error: {error}", "Error", "error")

    def resetting_internal_state(self):
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate resetAfterError:andKeepContainer:](612): {DELEGATE} - resetting internal state after error: <CKError 0x600000c3f1e0: \"Zone Not Found\" (26/2036); server message = \"Zone 'com.apple.coredata.cloudkit.zone' does not exist\"; op = 5D4C3B2A19087F6E>", "Error", "error")

    def import_begins(self):
        self._line("CloudKit: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate _scheduleAutomatedImportWithLabel:activity:voucher:completionHandler:](3594): {DELEGATE} - Beginning automated import - ImportActivity - in response to activity:", "Info", "CloudKit")

    def import_succeeded(self, request="3F2A1B0C-9D8E-4F7A-B6C5-D4E3F2A1B0C9"):
        self._line("warning: ", f"CoreData+CloudKit: -[PFCloudKitImportRecordsWorkItem newMirroringResultByApplyingAccumulatedChanges]_block_invoke(241): <PFCloudKitImportRecordsWorkItem: 0x2814c7b80>: Finished importing changes for request: {request}", "Default", "warning")

    def import_failed(self):
        self._line("error: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate _importFinishedWithResult:importer:](1398): {DELEGATE}: Import failed with error:\n<CKError 0x600001f5d3b0: \"Network Unavailable\" (3/NSURLErrorDomain:-1009); \"The Internet connection appears to be offline.\">", "Error", "error")

    def export_finished(self):
        self._line("warning: ", f"CoreData+CloudKit: -[NSCloudKitMirroringDelegate _exportFinishedWithResult:exporter:](1477): Finished export: <NSCloudKitMirroringExportRequest: 0x600002c5d0a0> 0C4B7E11-9A2D-4F3B-8E6C-5D7A1B2C3E4F", "Default", "warning")

    def chain(self, reason="HistoryExpired", bursts=9, early_zero=None):
        """The flagship chain of incident-model.md §1, steps 1–5, as Core Data logs it. A
        HistoryExpired reset follows the 134301 export failure; a UserPurgedZone one follows
        CloudKit error 28. `early_zero` is an app line logged right after the vacuum burst."""
        s = self.s
        if reason == "HistoryExpired":
            self.export_failed_134301()
            s.at(0.004)
            self.recovery_attempted()
        else:
            self.recovery_attempted(USER_DELETED_ZONE)
        s.at(0.002)
        self.reset("Will", reason)
        s.at(0.031)
        self.rows_removed()
        for i in range(bursts):
            s.at(0.17 if i % 3 != 2 else 0.21)
            self.vacuum(i)
        if early_zero:
            s.at(0.12).app(early_zero)
        s.at(0.4)
        self.reset("Did", reason)
        s.at(0.003)
        self.recovered("NSCocoaErrorDomain:134301" if reason == "HistoryExpired" else "CKErrorDomain:28")


def keep(events, levels):
    return [e for e in events if e.level in levels]


# --- Writers, one per export format (log-formats.md) ----------------------------------------------

def stamp(t, offset_min, digits=6, sep=" "):
    local = t + dt.timedelta(minutes=offset_min)
    text = local.strftime(f"%Y-%m-%d{sep}%H:%M:%S.%f")
    if digits < 6:
        text = text[: digits - 6]
    return text


def zone(offset_min, colon=False):
    sign = "+" if offset_min >= 0 else "-"
    h, m = divmod(abs(offset_min), 60)
    return f"{sign}{h:02d}:{m:02d}" if colon else f"{sign}{h:02d}{m:02d}"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def log_show(events, offset_min, preamble=(), footer=True):
    out = list(preamble)
    out.append(f"{'Timestamp':<31} {'Thread':<10} {'Type':<11} {'Activity':<20} {'PID':<6} {'TTL':<4} ")
    counts = {"Default": 0, "Info": 0, "Debug": 0, "Error": 0, "Fault": 0}
    for e in events:
        head = f"{stamp(e.t, offset_min)}{zone(offset_min)} {hex(e.thread):<10} {e.level:<11} {'0x0':<20} {e.pid:<6} {0:<4} "
        rest = f"{e.process}: "
        if e.sender:
            rest += f"({e.sender}) "
        if e.subsystem:
            rest += f"[{e.subsystem}:{e.category}] "
        out.append(head + rest + e.message)
        counts[e.level] += 1
    if footer:
        out.append("-" * 116)
        out.append(f"Log      - Default: {counts['Default']:>10}, Info: {counts['Info']:>16}, Debug: {counts['Debug']:>14}, Error: {counts['Error']:>11}, Fault: {counts['Fault']:>10}")
        out.append(f"Activity - Create: {0:>10}, Transition: {0:>10}, Actions: {0:>11}")
    return "\n".join(out) + "\n"


def log_syslog(events, offset_min):
    out = [f"{'Timestamp':<31} (process)[PID]    "]
    for e in events:
        rest = f"{stamp(e.t, offset_min)}{zone(offset_min)}  localhost {e.process}[{e.pid}]: "
        if e.sender:
            rest += f"({e.sender}) "
        if e.subsystem:
            rest += f"[{e.subsystem}:{e.category}] "
        out.append(rest + e.message)
    return "\n".join(out) + "\n"


COMPACT = {"Default": "Df", "Info": "I ", "Debug": "Db", "Error": "E ", "Fault": "F "}


def log_compact(events, offset_min):
    out = [f"{'Timestamp':<23} Ty Process[PID:TID]"]
    for e in events:
        rest = f"{stamp(e.t, offset_min, digits=3)} {COMPACT[e.level]} {e.process}[{e.pid}:{e.thread:x}] "
        if e.sender:
            rest += f"({e.sender}) "
        if e.subsystem:
            rest += f"[{e.subsystem}:{e.category}] "
        out.append(rest + e.message)
    return "\n".join(out) + "\n"


def image_of(e):
    if e.process == APP:
        return APP_IMAGE
    if e.process.startswith(APP):
        return APP_IMAGE.replace("Notefold.app/Notefold", f"Notefold.app/PlugIns/{e.process}.appex/{e.process}")
    if e.process == "Quillnote":
        return "/private/var/containers/Bundle/Application/1B7D3E5F-0A2C-4E6B-8D9F-3C5E7A9B1D2F/Quillnote.app/Quillnote"
    return "/kernel" if e.process == "kernel" else f"/usr/libexec/{e.process}"


def json_object(e, offset_min, n):
    image = image_of(e)
    return {
        "timezoneName": "",
        "messageType": e.level,
        "eventType": "logEvent",
        "source": None,
        "formatString": "%{public}@",
        "userID": 501,
        "activityIdentifier": 0,
        "subsystem": e.subsystem or "",
        "category": e.category or "",
        "threadID": e.thread,
        "senderImageUUID": "5C2E1A4B-0000-4000-8000-000000000001",
        "bootUUID": "2D6F8A0C-1E3B-4D5F-9A7C-0B2D4F6A8C1E",
        "processImagePath": image,
        "senderImagePath": "/System/Library/Frameworks/CoreData.framework/CoreData" if e.sender == "CoreData" else image,
        "timestamp": stamp(e.t, offset_min) + zone(offset_min),
        "machTimestamp": 987654321000 + n * 1000,
        "eventMessage": e.message,
        "processImageUUID": "6E2B9F14-3A7C-4D1E-8B05-9C4F2A1D7E63",
        "traceID": 1234567890 + n,
        "processID": e.pid,
        "senderProgramCounter": 4242,
        "parentActivityIdentifier": 0,
    }


def log_ndjson(events, offset_min, preamble=(), shuffle_seed=None):
    """With `shuffle_seed`, the same records (same mach times and trace ids) in shuffled
    order between the preamble and the trailer."""
    records = [json.dumps(json_object(e, offset_min, n), ensure_ascii=False, separators=(",", ":"))
               for n, e in enumerate(events)]
    if shuffle_seed is not None:
        random.Random(shuffle_seed).shuffle(records)
    out = list(preamble) + records
    out.append(json.dumps({"count": len(events), "finished": 1}, separators=(",", ":")))
    return "\n".join(out) + "\n"


def log_json(events, offset_min, preamble=()):
    """`log show --style json`: a pretty array with `" : "` spacing and `\\/` escapes."""
    objects = []
    for n, e in enumerate(events):
        text = json.dumps(json_object(e, offset_min, n), ensure_ascii=False, indent=2, separators=(",", " : "))
        objects.append(text.replace("/", "\\/"))
    return "\n".join(preamble) + ("\n" if preamble else "") + "[" + ",".join(objects) + "]\n"


def xcode(events, offset_min, mirror=False):
    """Xcode console. With `mirror`, each Core Data os_log line also comes as its stderr
    mirror `CoreData: …`: alternately a bare line after its twin and a timestamped line
    before it (log-formats.md, coredata-messages.md)."""
    out = []
    n = 0
    for e in events:
        head = f"{stamp(e.t, offset_min)}{zone(offset_min)} {e.process}[{e.pid}:{e.thread}]"
        if e.sender == "CoreData" and mirror:
            first, *rest = e.message.split("\n")
            twin = [f"{head} [{e.category}] {first}"] + rest
            if n % 2 == 0:
                out += twin + [f"CoreData: {first}"] + rest
            else:
                early = e.t - dt.timedelta(microseconds=180)
                out += [f"{stamp(early, offset_min)}{zone(offset_min)} {e.process}[{e.pid}:{e.thread}] CoreData: {first}"] + rest + twin
            n += 1
        elif e.sender == "CoreData":
            out.append(f"{head} CoreData: {e.message}")
        else:
            out.append(f"{head} [{e.category}] {e.message}" if e.category else f"{head} {e.message}")
    return "\n".join(out) + "\n"


def lumberjack(events):
    """CocoaLumberjack default file logger: `yyyy/MM/dd HH:mm:ss:SSS  message`, UTC."""
    out = []
    for e in events:
        ms = e.t.microsecond // 1000
        out.append(e.t.strftime("%Y/%m/%d %H:%M:%S") + f":{ms:03d}  {e.message}")
    return "\n".join(out) + "\n"


# --- Scenarios ------------------------------------------------------------------------------------

def full_chain():
    """Full chain, iOS ≤ 18 prefixed lines with SQL debug logging; recovered, covered."""
    s = Scenario(dt.datetime(2026, 3, 14, 8, 0, 0, 120_000), seed=11)
    cd = CoreData(s)
    s.noise(2)
    s.app("Store loaded in 0.27 s (1 store, CloudKit on)")
    s.at(1.1).app("UC=1, Items=1268")
    s.noise(9)
    s.app("🛟 SafetySnapshot written: 1268 children, 5073210 bytes", category="backup")
    s.noise(2)
    cd.history_truncated(2214)
    s.noise(19)
    s.at(0.418)
    cd.chain("HistoryExpired")
    s.at(2.5).app("UC=0, Items=0")
    s.noise(1)
    cd.import_begins()
    s.at(52.3)
    cd.import_succeeded()
    s.at(1.9).app("UC=1, Items=1268")
    s.noise(34)
    text = log_show(s.sorted(), 60, preamble=['Filtering the log data using "process == \\"Notefold\\" OR subsystem BEGINSWITH \\"com.apple\\""'])
    write(os.path.join(HERE, "full-chain-log-show.log"), text)


def error_lines_only():
    """What a sysdiagnose keeps without a logging profile: Default, Error and Fault lines only."""
    s = Scenario(dt.datetime(2026, 3, 15, 1, 0, 0, 330_000), seed=12)
    cd = CoreData(s)
    s.noise(2)
    s.app("UC=1, Items=2040")
    s.noise(4)
    s.app("🛟 SafetySnapshot written: 1900 children, 7422104 bytes", category="backup")
    s.noise(35)
    s.app("UC=1, Items=2040")
    s.noise(3)
    s.at(0.2)
    cd.chain("HistoryExpired")
    s.at(1.7).app("UC=0, Items=0")
    s.noise(3)
    cd.import_failed()
    s.noise(40)
    events = keep(s.sorted(), {"Default", "Error", "Fault"})
    text = log_show(events, 540, preamble=["Skipping info and debug messages, pass --info and/or --debug to include."])
    write(os.path.join(HERE, "error-lines-only-log-show.log"), text)


def ios26():
    """iOS 26 lines (category CloudKit, no level-name prefix), an export filtered to Core
    Data (no app lines); the export ends 12 minutes after the chain."""
    s = Scenario(dt.datetime(2026, 10, 6, 16, 40, 0, 15_000), seed=13)
    cd = CoreData(s, prefixed=False)
    cd.export_finished()
    s.at(20 * 60)
    cd.export_finished()
    s.at(7 * 60 + 0.733)
    cd.chain("HistoryExpired")
    s.at(60)
    cd.import_begins()
    s.at(11 * 60)
    cd.export_finished()
    events = s.sorted()
    pre = ['Filtering the log data using "subsystem == \\"com.apple.coredata\\""']
    write(os.path.join(HERE, "ios26-unprefixed-ndjson.log"), log_ndjson(events, -420, preamble=pre))
    write(os.path.join(HERE, "ios26-unprefixed-shuffled-ndjson.log"), log_ndjson(events, -420, preamble=pre, shuffle_seed=1306))


def two_processes():
    """The app and its share extension (same store, same device) purge 78 minutes apart."""
    s = Scenario(dt.datetime(2026, 4, 20, 12, 0, 0, 250_000), seed=14)
    app = CoreData(s)
    ext = CoreData(s, process="NotefoldShare", pid=1290)
    s.noise(3)
    s.app("UC=1, Items=310")
    s.noise(5)
    s.app("🛟 SafetySnapshot written: 310 children, 1240112 bytes", category="backup")
    s.noise(6)
    s.at(0.5)
    app.chain("HistoryExpired")
    s.at(3.1).app("UC=0, Items=0")
    s.noise(1)
    app.import_succeeded()
    s.at(2.0).app("UC=1, Items=310")
    s.noise(75)
    s.add("Default", None, BUNDLE, "share", "Share extension launched for com.apple.mobilenotes", process="NotefoldShare", pid=1290)
    s.at(1.6)
    ext.chain("HistoryExpired", bursts=6)
    s.at(0.9).add("Default", None, BUNDLE, "share", "Share extension finished (1 item saved)", process="NotefoldShare", pid=1290)
    s.noise(2)
    # The app's own import after the extension's purge must not count for the extension.
    app.import_succeeded(request="7C6B5A49-3827-4F16-A5E4-D3C2B1A09F8E")
    s.at(1.0).app("UC=1, Items=311")
    s.noise(45)
    write(os.path.join(HERE, "two-processes-log-show.log"), log_show(s.sorted(), 120))


def two_devices():
    """Two halves of one chain on two devices with the same app and pid, at the same time.
    Combined, they would make one incident; apart, each device has its own."""
    start = dt.datetime(2026, 5, 9, 18, 0, 0, 400_000)
    phone = Scenario(start, seed=15)
    cd = CoreData(phone)
    phone.noise(4)
    phone.app("UC=1, Items=96")
    phone.noise(6)
    cd.export_failed_134301()
    phone.at(0.004)
    cd.recovery_attempted()
    phone.at(0.002)
    cd.reset("Will", "HistoryExpired")
    phone.at(2.1)
    cd.reset("Did", "HistoryExpired")
    phone.noise(42)
    phone.app("Scene entered background", category="lifecycle")
    phone.noise(2)
    write(os.path.join(HERE, "two-devices", "iphone.log"), log_show(keep(phone.sorted(), {"Default", "Error", "Fault"}), 120))

    pad = Scenario(start, seed=16)
    cd = CoreData(pad)
    pad.noise(4)
    pad.app("UC=1, Items=96")
    pad.noise(6)
    pad.at(0.037)
    cd.rows_removed()
    pad.at(1.5).app("UC=0, Items=0")
    pad.noise(2)
    cd.import_succeeded()
    pad.at(0.8).app("UC=1, Items=96")
    pad.noise(40)
    write(os.path.join(HERE, "two-devices", "ipad.log"), log_show(pad.sorted(), 120))


def equal_timestamps():
    """Chain lines sharing one microsecond: the line order decides, never the rule id."""
    s = Scenario(dt.datetime(2026, 7, 1, 10, 0, 0, 0), seed=17)
    cd = CoreData(s)
    s.noise(3)
    s.app("UC=1, Items=57")
    s.app("🛟 SafetySnapshot written: 57 children, 228004 bytes", category="backup")
    s.noise(8)
    s.at(0.250)
    cd.export_failed_134301()
    cd.recovery_attempted()
    cd.reset("Will", "HistoryExpired")
    s.at(0.001)
    cd.rows_removed()
    for i in range(6):
        cd.vacuum(i)
    cd.reset("Did", "HistoryExpired")
    cd.recovered()
    s.app("UC=0, Items=0")
    s.noise(4)
    cd.import_failed()
    s.noise(35)
    write(os.path.join(HERE, "equal-timestamps-log-show.log"), log_show(s.sorted(), 0))


def app_counts_early():
    """The app counts zero as soon as the batch delete is merged, before Core Data logs the
    did-reset and "Recovered from error": one purge, whose closing lines come after the
    rule's last step."""
    s = Scenario(dt.datetime(2026, 7, 3, 13, 0, 0, 0), seed=29)
    cd = CoreData(s)
    s.noise(2)
    s.app("UC=1, Items=233")
    s.app("🛟 SafetySnapshot written: 233 children, 931880 bytes", category="backup")
    s.noise(6)
    s.at(0.7)
    cd.chain("HistoryExpired", bursts=6, early_zero="UC=0, Items=0")
    s.noise(3)
    cd.import_begins()
    s.at(41.5)
    cd.import_succeeded()
    s.at(0.9).app("UC=1, Items=233")
    s.noise(33)
    write(os.path.join(HERE, "app-counts-early-log-show.log"), log_show(s.sorted(), 180))


def benign_burst():
    """A save deletes a few records: a burst of maintenance, a count that drops but not to zero."""
    s = Scenario(dt.datetime(2026, 6, 3, 15, 20, 0, 0), seed=18)
    cd = CoreData(s)
    s.app("Store loaded in 0.22 s (1 store, CloudKit on)", category="store")
    s.at(1).app("UC=1, Items=844")
    s.at(30)
    cd.export_finished()
    s.at(90).app("🛟 SafetySnapshot written: 844 children, 3377717 bytes", category="backup")
    s.at(45).app("Deleted 6 notes from folder 'Archive'", category="store")
    for i in range(8):
        s.at(0.3)
        cd.vacuum(i)
    s.at(1.2).app("UC=1, Items=838")
    s.at(300)
    cd.import_succeeded()
    s.at(1).app("UC=1, Items=838")
    s.at(240).app("Scene entered background", category="lifecycle")
    write(os.path.join(HERE, "benign-vacuum-burst-xcode.log"), xcode(s.sorted(), -300))


def history_no_reset():
    """134301 twice: once followed only by a recovery from another error (CKError 36), once
    followed by recovery from it; never a reset or a drop."""
    s = Scenario(dt.datetime(2026, 8, 11, 6, 0, 0, 500_000), seed=19)
    cd = CoreData(s)
    s.noise(2)
    s.app("UC=1, Items=430")
    s.app("🛟 SafetySnapshot written: 430 children, 1720554 bytes", category="backup")
    s.noise(5)
    cd.export_failed_134301()
    s.noise(4)
    # A recovery from another error (the account) minutes later: not a recovery from 134301.
    cd.recovery_attempted(ACCOUNT_UNAVAILABLE)
    s.at(0.8)
    cd.recovered("CKErrorDomain:36")
    s.noise(51)
    cd.export_failed_134301()
    s.at(0.006)
    cd.recovery_attempted()
    s.at(1.42)
    cd.recovered()
    s.at(4.0).app("UC=1, Items=430")
    s.noise(40)
    write(os.path.join(HERE, "history-expired-no-reset-log-show.log"), log_show(s.sorted(), -240))


def non_wiping_resets():
    """ZoneDeleted and ServerChangeTokenExpired resets: metadata reset, rows stay."""
    s = Scenario(dt.datetime(2026, 9, 2, 21, 0, 0, 0), seed=20)
    cd = CoreData(s)
    s.noise(2)
    s.app("UC=1, Items=760")
    s.app("🛟 SafetySnapshot written: 760 children, 3040118 bytes", category="backup")
    s.noise(4)
    cd.resetting_internal_state()
    s.at(0.011)
    cd.reset("Will", "ZoneDeleted")
    s.at(0.38)
    cd.reset("Did", "ZoneDeleted")
    s.at(6.0).app("UC=1, Items=760")
    s.noise(50)
    cd.recovery_attempted('<CKError 0x600000c3f7a0: "Change Token Expired" (21/2026); server message = "client knowledge differs from server knowledge"; op = 1A2B3C4D5E6F7081>')
    s.at(0.009)
    cd.reset("Will", "ServerChangeTokenExpired")
    s.at(0.29)
    cd.reset("Did", "ServerChangeTokenExpired")
    s.at(0.004)
    cd.recovered("CKErrorDomain:21")
    s.at(9.0).app("UC=1, Items=760")
    s.noise(40)
    write(os.path.join(HERE, "non-wiping-resets-log-syslog.log"), log_syslog(s.sorted(), 330))


def account_logout():
    """The user signs out of iCloud: Core Data resets with AccountLogout and removes rows
    after the account change (error 134405); nothing comes back while the log goes on."""
    s = Scenario(dt.datetime(2026, 2, 27, 19, 30, 0, 800_000), seed=21)
    s.noise = lambda minutes, per_minute=0.5, _n=s.noise: _n(minutes, per_minute)
    cd = CoreData(s)
    s.noise(3)
    s.app("UC=1, Items=128")
    s.noise(2)
    s.app("🛟 SafetySnapshot written: 128 children, 510220 bytes", category="backup")
    s.noise(25)
    s.add("Default", None, "com.apple.accounts", "ACAccountStore",
          "Account removed: <ACAccount identifier=9B8A7C6D-5E4F-4321-A0B9-C8D7E6F5A4B3 type=com.apple.account.CloudKit username=ann.meyer@example.com>",
          process="accountsd", pid=77)
    s.at(0.82)
    account_error = 'Error Domain=NSCocoaErrorDomain Code=134405 "(null)" UserInfo={NSLocalizedFailureReason=CloudKit integration has been reset because the iCloud account changed.}'
    cd.recovery_attempted(account_error)
    s.at(0.003)
    cd.reset("Will", "AccountLogout")
    s.at(0.044)
    cd.rows_removed_account()
    for i in range(5):
        s.at(0.12)
        cd.vacuum(i)
    s.at(0.5)
    cd.reset("Did", "AccountLogout")
    s.at(0.002)
    cd.recovered("NSCocoaErrorDomain:134405")
    s.at(1.3).app("UC=0, Items=0")
    s.noise(38)
    s.app("Scene entered background", category="lifecycle")
    s.noise(3)
    write(os.path.join(HERE, "account-logout-log-json.json"),
          log_json(s.sorted(), -480, preamble=['Filtering the log data using "process == \\"Notefold\\" OR process == \\"accountsd\\""']))


def relaunch():
    """A snapshot from the previous launch; the purge in pid 812; the app is killed; the
    relaunched pid 931 restores the snapshot, imports and counts the records again."""
    s = Scenario(dt.datetime(2026, 1, 19, 7, 40, 0, 60_000), seed=22)
    s.pid = 640
    s.noise(1)
    s.app("UC=1, Items=900")
    s.at(3).app("🛟 SafetySnapshot written: 900 children, 3600480 bytes", category="backup")
    s.noise(6)
    s.add("Default", None, "com.apple.runningboard", "process", "[app<com.example.notefold>:640] termination reported by launchd (0, 0, 0)", process="runningboardd", pid=33)
    s.noise(12)
    s.pid = PID
    s.app("Store loaded in 0.31 s (1 store, CloudKit on)")
    s.at(1.0).app("UC=1, Items=900")
    s.noise(2)
    cd = CoreData(s)
    s.at(0.6)
    cd.chain("HistoryExpired")
    s.at(2.2).app("UC=0, Items=0")
    s.at(4.0).add("Default", None, "com.apple.runningboard", "process", "[app<com.example.notefold>:812] termination reported by launchd (2, 9, 9)", process="runningboardd", pid=33)
    s.noise(2)
    s.pid = 931
    s.app("Store loaded in 0.29 s (1 store, CloudKit on)")
    s.at(0.4).app("UC=0, Items=0")
    s.at(0.3).app("🛟 SafetySnapshot restored: 900 children", category="backup")
    s.at(0.6).app("UC=1, Items=900")
    s.at(20)
    cd.import_begins()
    s.at(31)
    cd.import_succeeded()
    s.noise(35)
    write(os.path.join(HERE, "relaunch-new-pid-log-show.log"), log_show(s.sorted(), 60))


def xcode_mirror():
    """Xcode console of a debug session: every Core Data line twice (os_log and its stderr
    mirror). The purge is followed by a failed import and an empty snapshot."""
    s = Scenario(dt.datetime(2026, 6, 22, 17, 3, 0, 0), seed=23)
    cd = CoreData(s, store=SIMULATOR_STORE)
    s.app("Store loaded in 0.25 s (1 store, CloudKit on)")
    s.at(1).app("UC=1, Items=64")
    s.at(60).app("🛟 SafetySnapshot written: 64 children, 256880 bytes", category="backup")
    s.at(240.5)
    cd.chain("HistoryExpired", bursts=6)
    s.at(2.4).app("UC=0, Items=0")
    s.at(10).app("🛟 SafetySnapshot written: 0 children, 1204 bytes", category="backup")
    s.at(30)
    cd.import_failed()
    s.at(20 * 60).app("UC=0, Items=0")
    s.at(12 * 60).app("Scene entered background", category="lifecycle")
    write(os.path.join(HERE, "xcode-mirror-console.log"), xcode(s.sorted(), -420, mirror=True))


SYSDIAGNOSE = "sysdiagnose_2026.04.02_10-40-12+0200_iPhone-OS_iPhone_23E5234a"
LUMBERJACK = "Notefold 2026-04-02--06-00-00-000.log"


def sysdiagnose():
    """A support case: the system log (converted with `log show`, Info/Debug not collected)
    and the app's own CocoaLumberjack file (no pid; process from the file name), packed
    as one sysdiagnose-like archive. The loose members are fixtures too."""
    s = Scenario(dt.datetime(2026, 4, 2, 7, 30, 0, 900_000), seed=24)
    cd = CoreData(s)
    applog = []

    def lj(t, message):
        applog.append(Event(t, "Default", APP, None, None, None, None, message))

    lj(dt.datetime(2026, 4, 2, 6, 0, 0, 12_000), "Notefold 4.2 (812) launched")
    lj(dt.datetime(2026, 4, 2, 6, 30, 4, 220_000), "🛟 SafetySnapshot written: 512 children, 2049770 bytes")
    lj(dt.datetime(2026, 4, 2, 8, 0, 1, 5_000), "UC=1, Items=512")
    s.noise(60)
    s.at(0.117)
    cd.chain("HistoryExpired")
    chain_end = s.t
    lj(chain_end + dt.timedelta(seconds=2, microseconds=618_000), "UC=0, Items=0")
    s.noise(3)
    cd.import_succeeded()
    lj(s.t + dt.timedelta(seconds=1, microseconds=400_000), "UC=1, Items=512")
    s.noise(34)
    lj(s.t, "Entered background")
    system = log_show(keep(s.sorted(), {"Default", "Error", "Fault"}), 120)
    app = lumberjack(sorted(applog, key=lambda e: e.t))
    members = os.path.join(HERE, "sysdiagnose-members")
    write(os.path.join(members, "system_log.txt"), system)
    write(os.path.join(members, LUMBERJACK), app)

    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name, data in [(f"{SYSDIAGNOSE}/logs/system_log.txt", system), (f"{SYSDIAGNOSE}/Notefold/{LUMBERJACK}", app)]:
            blob = data.encode("utf-8")
            info = tarfile.TarInfo(name)
            info.size = len(blob)
            info.mtime = 1775119212  # the capture time in the name; fixed, never "now"
            info.mode = 0o644
            info.uname = info.gname = "mobile"
            tar.addfile(info, io.BytesIO(blob))
    with open(os.path.join(HERE, SYSDIAGNOSE + ".tar.gz"), "wb") as f:
        with gzip.GzipFile(filename="", mode="wb", fileobj=f, mtime=0) as gz:
            gz.write(raw.getvalue())


def user_rules():
    """Another app ("Quillnote") with its own wording for counts and backups; the user's
    rule file maps them onto item_count and snapshot_written."""
    s = Scenario(dt.datetime(2026, 11, 8, 22, 10, 0, 700_000), seed=25, process="Quillnote", pid=455, bundle="com.example.quillnote")
    cd = CoreData(s, process="Quillnote", pid=455)
    s.noise(2)
    s.app("Library now has 312 notes", category="library")
    s.noise(3)
    s.app("Backup saved (312 notes, 1.2 MB)", category="backup")
    s.noise(14)
    s.at(0.9)
    cd.chain("HistoryExpired", bursts=6)
    s.at(1.4).app("Library now has 0 notes", category="library")
    s.noise(2)
    cd.import_succeeded()
    s.at(2.2).app("Library now has 312 notes", category="library")
    s.noise(33)
    write(os.path.join(HERE, "user-rule-app-wording-log-show.log"), log_show(s.sorted(), -300))


def stale_gap():
    """The last snapshot is 26 hours old, and 5 minutes after the purge the device logs
    nothing for 45 minutes (switched off): the outcome cannot be known."""
    s = Scenario(dt.datetime(2026, 12, 1, 4, 0, 0, 0), seed=26)
    cd = CoreData(s)
    s.noise(2)
    s.app("🛟 SafetySnapshot written: 205 children, 820331 bytes", category="backup")
    s.noise(3)
    s.at(26 * 3600)
    s.noise(4)
    s.app("UC=1, Items=205")
    s.noise(5)
    s.at(0.3)
    cd.chain("UserPurgedZone", bursts=6)
    s.at(1.1).app("UC=0, Items=0")
    s.noise(4)
    s.at(45 * 60)
    s.add("Default", None, "com.apple.runningboard", "process", "Boot session started", process="runningboardd", pid=33)
    s.noise(25)
    s.app("UC=0, Items=0")
    s.noise(2)
    write(os.path.join(HERE, "stale-gap-log-show.log"), log_show(s.sorted(), 0))


def no_snapshot():
    """The app counts its records but never writes a snapshot; the user deleted the app's
    iCloud data (UserPurgedZone) and nothing comes back while the log goes on."""
    s = Scenario(dt.datetime(2026, 5, 25, 9, 0, 0, 0), seed=27)
    cd = CoreData(s)
    s.noise(3)
    s.app("UC=1, Items=77")
    s.noise(7)
    s.at(0.55)
    cd.reset("Will", "UserPurgedZone")
    s.at(0.03)
    cd.rows_removed()
    s.at(0.31)
    cd.reset("Did", "UserPurgedZone")
    s.at(1.5).app("UC=0, Items=0")
    s.noise(20)
    s.app("UC=0, Items=0")
    s.noise(22)
    s.app("Scene entered background", category="lifecycle")
    s.noise(2)
    write(os.path.join(HERE, "no-snapshot-log-compact.log"), log_compact(s.sorted(), 120))


def vacuum_drop():
    """SQL debug logging on, CloudKit lines not collected: a burst, then a count of zero."""
    s = Scenario(dt.datetime(2026, 6, 5, 11, 0, 0, 0), seed=28)
    cd = CoreData(s)
    s.app("UC=1, Items=402")
    s.at(20).app("🛟 SafetySnapshot written: 402 children, 1608110 bytes", category="backup")
    s.at(200.25)
    for i in range(7):
        s.at(0.19)
        cd.vacuum(i)
    s.at(2.9).app("UC=0, Items=0")
    s.at(40 * 60).app("UC=0, Items=0")
    write(os.path.join(HERE, "vacuum-drop-xcode.log"), xcode(s.sorted(), 120))


def hostile_text():
    """App lines that carry markup and terminal escape sequences inside purge evidence: the
    reports must show them as text (HTML escaped, escapes stripped on the terminal)."""
    s = Scenario(dt.datetime(2026, 8, 20, 9, 0, 0, 0), seed=30)
    cd = CoreData(s)
    s.noise(2)
    s.app("UC=1, Items=12 </pre><script>alert('count')</script>")
    s.app("🛟 SafetySnapshot written: 12 children, 48100 bytes \"><img src=x onerror=alert(1)>", category="backup")
    s.noise(3)
    s.at(0.5)
    cd.reset("Will", "HistoryExpired")
    s.at(0.03)
    cd.rows_removed()
    s.at(0.4)
    cd.reset("Did", "HistoryExpired")
    s.at(1.2).app("UC=0, Items=0 \x1b[2J\x1b]0;owned\x07 </svg><script>alert('svg')</script> | `code` ** _x_")
    s.noise(35)
    write(os.path.join(HERE, "hostile-text-log-show.log"), log_show(s.sorted(), 0))


def two_resets():
    """Two resets four minutes apart in one process (the app pruned history again right
    after the first re-export): two purges. Known issue: reported as one (README)."""
    s = Scenario(dt.datetime(2026, 9, 9, 16, 0, 0, 0), seed=31)
    cd = CoreData(s)
    s.noise(3)
    s.app("UC=1, Items=75")
    s.noise(2)
    s.at(0.2)
    cd.chain("HistoryExpired", bursts=6)
    s.noise(4)
    s.at(0.6)
    cd.chain("HistoryExpired", bursts=6)
    s.at(1.8).app("UC=0, Items=0")
    s.noise(36)
    s.app("Scene entered background", category="lifecycle")
    write(os.path.join(HERE, "two-resets-log-show.log"), log_show(s.sorted(), 0))


if __name__ == "__main__":
    full_chain()
    error_lines_only()
    ios26()
    two_processes()
    two_devices()
    equal_timestamps()
    app_counts_early()
    benign_burst()
    history_no_reset()
    non_wiping_resets()
    account_logout()
    relaunch()
    xcode_mirror()
    sysdiagnose()
    user_rules()
    stale_gap()
    no_snapshot()
    vacuum_drop()
    hostile_text()
    two_resets()
