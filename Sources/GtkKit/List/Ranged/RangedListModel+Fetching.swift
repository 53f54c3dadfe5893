/// The fetching side of ``RangedListModel``: which pages to send, the
/// detached fetches, and what happens when one comes back.
///
/// On return, in this order: a page of an older generation is thrown away
/// (`discardedStale`); one whose fetch was cancelled is thrown away
/// (`discardedLate`); an error marks the page failed; a page is clipped to
/// what was asked, cached, its count announced if it changed, and the rows
/// showing its positions re-bound in place.
extension RangedListModel {
  /// A fetch that is running: its serial tells it from a later fetch of the
  /// same page.
  struct RunningFetch {
    let serial: Int
    let task: Task<Void, Never>
  }

  /// Brings the fetches in line with the wanted pages: cancels running ones
  /// no longer wanted, drops queued ones no longer wanted, queues new ones,
  /// and starts the first few while fetches are free.
  func schedule() {
    let pageSize = configuration.pageSize
    let wanted = window.wantedPages(pageSize: pageSize, count: count).filter {
      !failed.contains($0) && cache[$0]?.generation != generation
    }
    let wantedSet = Set(wanted)
    for (page, running) in inFlight where !wantedSet.contains(page) {
      running.task.cancel()
      inFlight[page] = nil
      statistics.cancelled += 1
    }
    let queue = wanted.filter { inFlight[$0] == nil }
    let queued = Set(queue)
    statistics.droppedBeforeSending += waiting.subtracting(queued).count
    statistics.requested += queued.subtracting(waiting).count
    waiting = queued
    for page in queue where inFlight.count < configuration.maxFetchesInFlight {
      waiting.remove(page)
      start(page)
    }
  }

  /// Fetches `page` in a detached task; the result comes back to the main actor.
  private func start(_ page: Int) {
    let pageSize = configuration.pageSize
    let range = (page * pageSize)..<min((page + 1) * pageSize, count)
    nextSerial += 1
    let ticket = Ticket(page: page, range: range, serial: nextSerial, generation: generation)
    let fetch = fetch
    let task = Task.detached { [weak self] in
      let result: Result<ElementRange<Element>, any Error>
      do {
        result = .success(try await fetch(range))
      } catch {
        result = .failure(error)
      }
      await self?.complete(ticket, result)
    }
    inFlight[page] = RunningFetch(serial: ticket.serial, task: task)
    statistics.started += 1
  }

  /// What a fetch was for, carried to its result.
  struct Ticket: Sendable {
    let page: Int
    let range: Range<Int>
    let serial: Int
    let generation: Int
  }

  private func complete(_ ticket: Ticket, _ result: Result<ElementRange<Element>, any Error>) {
    let isPage = (try? result.get()) != nil
    guard ticket.generation == generation else {
      if isPage { statistics.discardedStale += 1 }
      return
    }
    guard inFlight[ticket.page]?.serial == ticket.serial else {
      if isPage { statistics.discardedLate += 1 }
      return
    }
    inFlight[ticket.page] = nil
    do {
      arrived(try result.get().clipped(to: ticket.range), for: ticket)
    } catch {
      noteFailure(of: ticket.page, error)
    }
    schedule()
  }

  private func arrived(_ page: ElementRange<Element>, for ticket: Ticket) {
    statistics.arrived += 1
    inFailureBurst = false
    let pageSize = configuration.pageSize
    statistics.evicted += cache.insert(
      PageCache.Page(generation: generation, offset: page.offset, elements: page.elements),
      at: ticket.page, pinned: window.visiblePages(pageSize: pageSize))
    isCountFinal = page.isCountFinal
    announce(count: page.count)
    let positions = (ticket.page * pageSize)..<((ticket.page + 1) * pageSize)
    rows?.rebind(where: { positions.contains($0) })
    onArrival?()
  }

  private func noteFailure(of page: Int, _ error: any Error) {
    statistics.failed += 1
    failed.insert(page)
    guard !inFailureBurst else { return }
    inFailureBurst = true
    onError?(error)
  }
}
