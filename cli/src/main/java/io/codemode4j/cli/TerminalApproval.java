package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.approval.ApprovalChannel;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.approval.ApprovalRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.TreeSet;

/**
 * {@code --approve ask}: a y/N prompt on the terminal for each call that needs approval, showing
 * the method, the tool, the principal and its tenant, and the arguments; only {@code y} or {@code
 * yes} approves. Calls a program makes at once are asked one after another. The arguments are the
 * program's, so they are escaped like any other text of it before they reach the terminal.
 */
final class TerminalApproval implements ApprovalChannel {

  private final PrintWriter prompt;
  private final BufferedReader answers;
  private final String decider;

  TerminalApproval(PrintWriter prompt, InputStream answers) {
    this.prompt = Objects.requireNonNull(prompt, "prompt");
    this.answers = new BufferedReader(new InputStreamReader(answers, StandardCharsets.UTF_8));
    this.decider = "terminal (" + System.getProperty("user.name", "unknown user") + ")";
  }

  @Override
  public synchronized ApprovalDecision decide(ApprovalRequest request) throws IOException {
    prompt.println(
        "approve "
            + escape(request.method(), MESSAGE)
            + " ("
            + request.toolName()
            + ") for "
            + escape(request.principal().id(), MESSAGE)
            + (request.principal().tenant() == null
                ? ""
                : " [tenant "
                    + escape(String.join(",", new TreeSet<>(request.principal().tenant())), MESSAGE)
                    + "]")
            + "?");
    prompt.println("  arguments: " + escape(request.arguments().toString(), MESSAGE));
    prompt.print("  [y/N] ");
    prompt.flush();
    String answer = answers.readLine();
    if (answer == null) {
      return ApprovalDecision.deny(decider, "no answer: the terminal's input ended");
    }
    String given = answer.strip().toLowerCase(Locale.ROOT);
    return given.equals("y") || given.equals("yes")
        ? ApprovalDecision.approve(decider, "answered '" + given + "' at the prompt")
        : ApprovalDecision.deny(
            decider, given.isEmpty() ? "answered N at the prompt" : "answered '" + given + "'");
  }
}
