public enum PurgeTraceVersion { public static let current = "0.1.0" }
