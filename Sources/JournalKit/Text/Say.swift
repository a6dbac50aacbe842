import Foundation

/// The catalogue of every message a user reads: English now, other languages later.
/// Commands and the kit never write user-facing literals elsewhere; they call `Say`.
public enum Say {}
