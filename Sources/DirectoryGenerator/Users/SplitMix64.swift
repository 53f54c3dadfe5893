/// The seeded generator the directory generator draws from lives in
/// SharedSupport (tests seed it too); re-exported so the generator's files and
/// its importers keep using it by name.
@_exported import struct SharedSupport.SplitMix64
