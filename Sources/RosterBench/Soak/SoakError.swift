/// Why a soak could not run or report.
///
/// Threading: `Sendable` value.
enum SoakError: Error, CustomStringConvertible {
  case plot(String)
  case load(String)

  var description: String {
    switch self {
    case .plot(let reason): "could not write the plot: \(reason)"
    case .load(let reason): "could not load the directory: \(reason)"
    }
  }
}
