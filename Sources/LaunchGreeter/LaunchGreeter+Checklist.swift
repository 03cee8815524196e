import LaunchScreens
import LaunchTracking
import ReleaseNotes

/// What the checklist stage decided.
struct ChecklistChoice: Equatable {
  /// The walkthrough's pages, when the checklist is shown on this launch (already recorded as
  /// shown: the cooldown has started).
  var pages: [OnboardingPage]?
  /// Where the checklist stands; nil when the app does not offer it or the launch shows
  /// nothing (not interactive, a deep link, not recorded).
  var status: ChecklistStatus?
  /// The checklist, due but waiting, and why.
  var heldBack: HeldBack?
}

extension LaunchGreeter {
  // MARK: Checklist

  /// The "Get started" checklist this launch shows, if any: only when the app offers it
  /// (``GreeterInterruptions/checklist``), on an interactive, recorded launch that is not a deep link, once the
  /// walkthrough is no longer pending (completed or skipped), while a step (a walkthrough page
  /// with a `done-when:` event) is not done and the user has not dismissed it with `x`. It is
  /// the last of the one-interruption budget: not on a launch that shows a screen, the update
  /// card or a tip, and at most once per cooldown, shared with tips and update cards. It is
  /// recorded as shown (the cooldown starts) before it is shown.
  func chooseChecklist(
    _ record: LaunchRecord, _ context: LaunchContext, catalog: ReleaseNotesCatalog?, shown: HeldBack.Reason?
  ) -> ChecklistChoice {
    let invocation = context.invocation
    guard checklist, let catalog, invocation.isInteractive, invocation.deepLink == nil, record.isRecorded
    else { return ChecklistChoice() }
    let state = record.state
    if state.checklistDismissed { return ChecklistChoice(status: .dismissed) }
    if state.pending(.onboarding) != nil { return ChecklistChoice(status: .walkthroughPending) }
    guard let pages = checklistPages(catalog, context.problems) else {
      return ChecklistChoice(status: .noSteps)
    }
    let steps = pages.compactMap(\.doneWhen)
    let done = steps.filter(state.events.hasUsed).count
    if done == steps.count { return ChecklistChoice(status: .allDone(steps: steps.count)) }
    var choice = ChecklistChoice(status: .due(done: done, steps: steps.count))
    if let shown {
      choice.heldBack = .item(.checklist, shown)
      return choice
    }
    let now = record.launch.date
    let budget = InterruptionBudget(cooldown: cooldown, lastTipOrCard: state.lastTipOrCardDate)
    if let until = budget.cooldownUntil(now: now) {
      choice.heldBack = .item(.checklist, .cooldown(until: until))
      return choice
    }
    do {
      try LaunchTracker.recordChecklistShown(now: now, in: context.store)
    } catch {
      context.problems.add("cannot record the checklist: \(error); it is not shown", kind: .state)
      return ChecklistChoice()
    }
    choice.pages = pages
    return choice
  }

  /// The walkthrough's pages when one has a `done-when:` event; nil otherwise. A missing
  /// `onboarding.md` is no problem (an app may do without a walkthrough); a file that cannot
  /// be used is one problem line.
  func checklistPages(_ catalog: ReleaseNotesCatalog, _ problems: ProblemLog) -> [OnboardingPage]? {
    let pages: [OnboardingPage]
    do {
      pages = try catalog.onboardingPages()
    } catch {
      if case .missingFile = error {} else { problems.add(GreeterProblem(error, "no checklist is shown")) }
      return nil
    }
    return pages.contains { $0.doneWhen != nil } ? pages : nil
  }
}

extension GreetingScreens {
  /// The "Get started" checklist for the walkthrough's `pages`: a row for each page with a
  /// `done-when:` event, named by its heading as the walkthrough shows it (rendered, not its
  /// Markdown), ticked once the user did it, and the walkthrough for `t`.
  func checklist(pages: [OnboardingPage]) -> ChecklistScreen {
    let tour = onboardingPages(pages)
    var steps: [ChecklistScreen.Step] = []
    for (n, page) in pages.enumerated() where page.doneWhen != nil {
      // A page without a heading (the text before the first) is named by its place.
      steps.append(
        ChecklistScreen.Step(
          title: tour[n].title.isEmpty ? "Page \(n + 1)" : tour[n].title, isDone: tour[n].isDone)
      )
    }
    return ChecklistScreen(appName: appName, steps: steps, tour: tour, palette: palette)
  }
}
