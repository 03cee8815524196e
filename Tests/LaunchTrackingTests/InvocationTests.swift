import Testing

@testable import LaunchTracking

@Suite struct InvocationTests {
  private func detect(_ env: [String: String], stdin: Bool = true, stdout: Bool = true) -> Invocation {
    Invocation.detect(environment: env, stdinIsTerminal: stdin, stdoutIsTerminal: stdout)
  }

  @Test func interactiveOnlyWithTerminalsAndNoOptOut() {
    #expect(detect(["TERM": "xterm-256color"]).isInteractive)
    #expect(detect(["CI": "0"]).isInteractive)
    #expect(detect(["CI": "false"]).isInteractive)
    #expect(detect(["CI": "FALSE"]).isInteractive)
    #expect(detect(["WHATSNEW_DISABLE": "0"]).isInteractive)
    for variable in Invocation.agentVariables {
      for value in ["", "0", "false", "False"] {
        #expect(detect([variable: value]).isInteractive, "\(variable)=\(value)")
      }
    }
  }

  @Test(arguments: [
    (["CI": "true"], true, true, "CI is set"),
    (["CI": "1"], true, true, "CI is set"),
    (["TERM": "dumb"], true, true, "TERM is dumb"),
    (["CLAUDECODE": "1"], true, true, "coding agent: CLAUDECODE is set"),
    (["AI_AGENT": "claude-code"], true, true, "coding agent: AI_AGENT is set"),
    (["CODEX_SANDBOX": "seatbelt"], true, true, "coding agent: CODEX_SANDBOX is set"),
    (["CODEX_THREAD_ID": "abc"], true, true, "coding agent: CODEX_THREAD_ID is set"),
    (["GEMINI_CLI": "1"], true, true, "coding agent: GEMINI_CLI is set"),
    (["CURSOR_AGENT": "1"], true, true, "coding agent: CURSOR_AGENT is set"),
    (["CI": "1", "CLAUDECODE": "1"], true, true, "CI is set"),
    (["WHATSNEW_DISABLE": "1"], true, true, "WHATSNEW_DISABLE=1"),
    ([:], false, true, "standard input is not a terminal"),
    ([:], true, false, "standard output is not a terminal"),
  ])
  func nonInteractive(env: [String: String], stdin: Bool, stdout: Bool, reason: String) {
    let invocation = detect(env, stdin: stdin, stdout: stdout)
    #expect(!invocation.isInteractive)
    #expect(invocation.nonInteractiveReason == reason)
  }

  @Test func deepLinks() throws {
    #expect(
      try DeepLink(parsing: "whatsnew://notes/1.2.0", scheme: "whatsnew").version == AppVersion(1, 2, 0))
    #expect(try DeepLink(parsing: "WhatsNew://Notes/v2.0.0-beta.1/", scheme: "whatsnew").version.isPrerelease)
    for bad in [
      "", "whatsnew://notes/", "whatsnew://notes/1..2", "http://notes/1.0.0", "whatsnew://x/1.0.0",
      "whatsnew://notes/1.0.0/extra", "1.0.0",
    ] {
      #expect(throws: DeepLink.ParseError.self, "\(bad)") { try DeepLink(parsing: bad, scheme: "whatsnew") }
    }
    do {
      _ = try DeepLink(parsing: "whatsnew://notes/01.0", scheme: "whatsnew")
    } catch {
      #expect(error.description.contains("whatsnew://notes/01.0"))
    }
  }
}

@Suite struct DeepLinkSchemeTests {
  @Test func theSchemeIsTheAppsOwn() throws {
    #expect(try DeepLink(parsing: "tally://notes/2.0.0", scheme: "tally").version == AppVersion(2, 0, 0))
    #expect(throws: DeepLink.ParseError.self) {
      try DeepLink(parsing: "whatsnew://notes/2.0.0", scheme: "tally")
    }
  }
}
