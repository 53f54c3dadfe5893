import Foundation
import PreparedImages

/// One run's JSON line: run-floor's field names first, then Roster's own.
///
/// Threading: `Sendable`-free value used on the main actor.
struct BenchmarkReport {
  let rows: Int
  let speed: Double
  let seconds: Double
  let frames: FrameStatistics
  /// The HUD's cost per frame in µs, when it was shown.
  let hudCosts: [Double]
  let tracker: AvatarLatencyTracker
  let pipeline: ImagePipelineStatistics
  let options: BenchmarkOptions
  let naiveDecodes: Int
  let load: LoadFigures

  @MainActor var json: String {
    let latency = Percentiles(tracker.latencies)
    let hud = Percentiles(hudCosts)
    func f(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }
    func ms(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      return f(Double(seconds) * 1000 + Double(attoseconds) / 1e15, 1)
    }
    let failures = pipeline.failures.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value)" }
      .joined(separator: ",")
    let mainThreadDecodes =
      pipeline.mainThreadDecodes + (options.pipeline == .naive ? naiveDecodes : 0)
    return """
      {"tool":"roster","rows":\(rows),"speed_px_s":\(f(speed, 0)),"seconds":\(f(seconds, 1)),\
      "texture":true,"frames":\(frames.frames),"fps":\(f(frames.fps)),\
      "max_interval_ms":\(f(frames.maxIntervalMilliseconds, 1)),\
      "hitch_ms_per_s":\(f(frames.hitchMillisecondsPerSecond)),\
      "frame_work_ms":{"p50":\(f(frames.work.p50)),"p90":\(f(frames.work.p90)),\
      "p99":\(f(frames.work.p99)),"max":\(f(frames.work.max))},"binds":\(frames.binds),\
      "bind_us":{"p50":\(f(frames.bind.p50, 1)),"p99":\(f(frames.bind.p99, 1)),"max":\(f(frames.bind.max, 1))},\
      "pipeline":"\(options.pipeline.rawValue)","cache":"\(options.cache.rawValue)",\
      "avatar_latency_frames":{"p50":\(f(latency(0.5), 0)),"p99":\(f(latency(0.99), 0)),\
      "samples":\(latency.count),"never_shown":\(tracker.neverShown)},\
      "placeholder_ratio":\(f(tracker.placeholderRatio, 4)),"main_thread_decodes":\(mainThreadDecodes),\
      "images":{"memory_hits":\(pipeline.memoryHits),"misses":\(pipeline.memoryMisses),\
      "file_loads":\(pipeline.fileLoads),"http_loads":\(pipeline.httpLoads),"decodes":\(pipeline.decodes),\
      "decode_ms_p50":\(pipeline.decodeTimeP50.map(ms) ?? "null"),\
      "coalesced":\(pipeline.coalescedRequests),"cancellations":\(pipeline.cancellations),\
      "stale_drops":\(pipeline.staleDrops),"failures":{\(failures)},\
      "memory_cache_bytes":\(pipeline.memoryCacheBytes),"memory_cache_limit":\(pipeline.memoryCacheLimit)},\
      "load_ms":{"total":\(ms(load.total)),"parse":\(ms(load.parse)),"view_models":\(ms(load.viewModels)),\
      "first_rows":\(ms(load.firstRows)),"longest_main_stall":\(ms(load.longestMainThreadStall))},\
      "hud_us":\(hudCosts.isEmpty ? "null" : "{\"p50\":\(f(hud(0.5), 1)),\"p99\":\(f(hud(0.99), 1)),\"max\":\(f(hud(1), 1))}"),\
      "peak_rss_mib":\(f(ResourceUsage.peakResidentMiB, 1))}
      """
  }
}
