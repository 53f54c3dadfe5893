import Directory
import FoundationEssentials
import GtkKit

/// Loads the directory off the main thread and reports back on it.
///
/// Repeated requests while a load runs coalesce into that load. Results
/// arrive on the main actor; the parsing and view-model building never run
/// there.
///
/// Threading: main-actor only; the load itself runs on the global executor.
@MainActor
final class DirectoryController {
  /// Where the directory comes from, or why that could not be worked out.
  let source: Result<DirectorySource, DirectoryError>
  private let loader: DirectoryLoader
  private(set) var isLoading = false
  /// Called when a load starts and when it finishes.
  var onStart: (@MainActor () -> Void)?
  var onFinish: (@MainActor (Result<DirectoryContents, DirectoryError>, Duration) -> Void)?
  /// What the list shows when a load starts, and a version that changes
  /// whenever the list does; the load diffs the new directory against it off
  /// the main thread. Nil or an empty list: no diff.
  var baseline: (@MainActor () -> (elements: [UserRef], version: Int))?
  /// The diff from the baseline to the last loaded directory, and the
  /// baseline's version (apply it only if the list has not changed since).
  private(set) var lastDiff: (diff: ListDiff, version: Int)?
  /// The last loaded directory's avatar strings, resolved off the main thread.
  private(set) var resolvedAvatars: ResolvedAvatars?
  /// Called with the first users of a large local directory when they are
  /// ready before the whole directory (the first load only).
  var onPreview: (@MainActor (DirectoryContents) -> Void)?
  private var hasLoaded = false
  /// Contents read before the window existed, which the first load shows
  /// instead of reading the source again.
  private var loaded: DirectoryContents?
  /// Contents handed to ``show(_:)`` while a load ran: shown after it.
  private var pushed: DirectoryContents?
  /// Whether a load resolves the avatar strings against the source (not
  /// when the avatars are a server's photos, read by identity).
  var resolvesAvatars = true

  init(
    source: Result<DirectorySource, DirectoryError>, loader: DirectoryLoader = DirectoryLoader(),
    loaded: DirectoryContents? = nil
  ) {
    self.source = source
    self.loader = loader
    self.loaded = loaded
  }

  /// Starts a load unless one is running; returns whether it started.
  @discardableResult
  func load() -> Bool {
    guard !isLoading else { return false }
    isLoading = true
    onStart?()
    let source = source
    let loader = loader
    let loaded = loaded
    self.loaded = nil
    if !hasLoaded, loaded == nil, case .success(let directory) = source {
      Task { @MainActor in
        guard let preview = await loader.preview(directory), isLoading, !hasLoaded else { return }
        onPreview?(preview)
      }
    }
    // Before the first load the list shows at most a preview, which the
    // presenter extends with one insertion: diffing a million rows against
    // it would only take a core from the first frames.
    let baseline = hasLoaded ? self.baseline?() : nil
    Task { @MainActor in
      let start = ContinuousClock.now
      let elements = baseline?.elements ?? []
      let (result, diff, resolved) = await Self.fetch(
        source, with: loader, loaded: loaded, diffingAgainst: elements,
        resolvingAvatars: resolvesAvatars)
      lastDiff = diff.map { ($0, baseline?.version ?? 0) }
      if let resolved { resolvedAvatars = resolved }
      isLoading = false
      if case .success = result { hasLoaded = true }
      onFinish?(result, ContinuousClock.now - start)
      if let next = pushed {
        pushed = nil
        show(next)
      }
    }
    return true
  }

  /// Shows `contents` (an offline copy's people after a change) the way a
  /// load shows what it read: as its differences from the list shown,
  /// computed off the main thread. During a load it waits for the load's
  /// end; only the newest waits.
  func show(_ contents: DirectoryContents) {
    guard !isLoading else {
      pushed = contents
      return
    }
    loaded = contents
    load()
  }

  /// Runs on the global executor, off the main thread.
  nonisolated private static func fetch(
    _ source: Result<DirectorySource, DirectoryError>, with loader: DirectoryLoader,
    loaded: DirectoryContents?, diffingAgainst baseline: [UserRef], resolvingAvatars: Bool
  ) async -> (Result<DirectoryContents, DirectoryError>, ListDiff?, ResolvedAvatars?) {
    let contents: DirectoryContents
    do throws(DirectoryError) {
      if let loaded {
        contents = loaded
      } else {
        contents = try await loader.load(try source.get())
      }
    } catch {
      return (.failure(error), nil, nil)
    }
    // Both off the main thread, side by side: the diff and the avatar paths.
    async let resolved = Task.detached(priority: .userInitiated) { () -> ResolvedAvatars? in
      guard resolvingAvatars else { return nil }
      return AvatarService.resolveAll(
        contents.viewModels.distinctAvatars, relativeTo: contents.source.baseURL)
    }.value
    // A patch of the table listed is followed by the page, which needs no
    // diff of everyone.
    let followsPatch = contents.patch.map { $0.previous === baseline.first?.table } ?? false
    guard !baseline.isEmpty, !followsPatch else { return (.success(contents), nil, await resolved) }
    let diff = await Task.detached(priority: .userInitiated) {
      ListDiff.between(baseline, contents.rows)
    }.value
    return (.success(contents), diff, await resolved)
  }
}
