import ArgumentParser
import Directory
import Glibc
import SharedSupport

/// Where `roster password` gets a new password: typed twice at the
/// terminal with echo off, or the first line of standard input (a made-up
/// one is `Secret.generated()`).
/// Never an argument: a command line is visible to every user of the
/// machine (`ps`, /proc).
///
/// Threading: blocks the calling thread on the terminal or standard input.
enum NewPasswordInput {
  /// A password typed twice at the terminal (standard input), without
  /// echo, the prompts on standard error; an error when the two differ or
  /// the first is empty.
  static func typed(for username: String) throws(ValidationError) -> Secret {
    let first = try withoutEcho(prompt: "New password for \(username): ")
    guard !first.isEmpty else { throw ValidationError("the password is empty; nothing was sent") }
    let second = try withoutEcho(prompt: "Again: ")
    guard first == second else {
      throw ValidationError("the two passwords differ; nothing was sent")
    }
    return Secret(first)
  }

  /// The first line of standard input, without its line end; an error
  /// when there is none or it is empty.
  static func standardInput() throws(ValidationError) -> Secret {
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
      throw ValidationError("standard input held no password; nothing was sent")
    }
    return Secret(line.hasSuffix("\r") ? String(line.dropLast()) : line)
  }

  /// A line read from the terminal with its echo off, after `prompt`
  /// (written once the echo is off, so what is typed after it never
  /// shows; what was typed ahead is kept).
  private static func withoutEcho(prompt: String) throws(ValidationError) -> String {
    var saved = termios()
    guard tcgetattr(0, &saved) == 0 else {
      throw ValidationError("could not turn the terminal's echo off; nothing was sent")
    }
    var quiet = saved
    quiet.c_lflag &= ~tcflag_t(ECHO)
    guard tcsetattr(0, TCSANOW, &quiet) == 0 else {
      throw ValidationError("could not turn the terminal's echo off; nothing was sent")
    }
    StandardError.write(prompt)
    let line = readLine(strippingNewline: true)
    tcsetattr(0, TCSANOW, &saved)
    StandardError.write("\n")
    guard let line else { throw ValidationError("no password was typed; nothing was sent") }
    return line
  }
}
