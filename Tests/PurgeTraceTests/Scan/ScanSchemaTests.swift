import Foundation
import Testing
import SQLiteKit
@testable import PurgeTrace

/// Schema 2 adds `unit_cache` and an index of units by path; a version-1 database gains
/// them in place and ends up with exactly the schema a new database gets.
@Suite struct ScanSchemaTests {
    @Test func aMigratedVersion1DatabaseHasTheSchemaOfANewOne() throws {
        let old = ScanTestSupport.database("v1")
        try Database(path: old).execute(try String(contentsOfFile: TestPaths.fixture("store/timeline-v1.sql"), encoding: .utf8))
        let migrated = try TimelineStore(path: old)
        #expect(try migrated.schemaVersion == 2)
        let fresh = ScanTestSupport.database("v2")
        _ = try TimelineStore(path: fresh)
        let query = "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY name"
        #expect(try Database(path: old, mode: .readOnly).query(query) == Database(path: fresh, mode: .readOnly).query(query))
        // Its unit is intact, and a scan can use the cache at once.
        #expect(try migrated.allUnits().count == 1)
        try migrated.rememberIdentity("abc", path: "phone", size: 1, modified: 2)
        #expect(try migrated.cachedIdentity(path: "phone", size: 1, modified: 2) == "abc")
        #expect(try migrated.cachedIdentity(path: "phone", size: 1, modified: 3) == nil)
    }
}
