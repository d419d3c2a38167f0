package io.codemode4j.cli;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.approval.ApprovalDecision;
import java.io.InputStream;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --approve none|ask|all}: who approves the calls of tools that need a person's approval
 * ({@code billing.flagInvoice}), for the commands whose programs may make them.
 *
 * <p>Decided: {@code ask} is the default only where a person can answer (standard input and output
 * a terminal), {@code none} otherwise, so a script never hangs on a prompt and never writes
 * unapproved; {@code all} is never a default, and a defaults file that names it is refused: the one
 * mode that writes without a person must be typed on the command line. With {@code ask}, the pass's
 * wall time is its {@code --timeout} plus {@link #PROMPT_WAIT}, the time a person has for each
 * prompt ({@code maxApprovalWait}).
 */
final class ApprovalOptions {

  /** How long a terminal prompt waits for its answer. */
  static final Duration PROMPT_WAIT = Duration.ofMinutes(2);

  /** Who approves. */
  enum Mode {
    NONE,
    ASK,
    ALL
  }

  @Option(
      names = "--approve",
      paramLabel = "MODE",
      description =
          "Who approves writes that need a person's approval (billing.flagInvoice): ask (a y/N"
              + " prompt on the terminal showing the tool and its arguments; the default when"
              + " standard input and output are a terminal; each prompt waits up to 2m, added to"
              + " --timeout), none (every such call is denied, writing nothing; the default"
              + " otherwise) or all (approve every one; only when given on the command line).")
  @Nullable String approve;

  @Spec(Spec.Target.MIXEE)
  @Nullable CommandSpec spec;

  /** The mode given, or the default for this command line's environment. */
  Mode mode() {
    CommandSpec command = Objects.requireNonNull(spec, "spec");
    return mode(
        command, approve, CodemodeCli.environment(command).terminal() ? Mode.ASK : Mode.NONE);
  }

  /**
   * The mode {@code given} names for {@code command}'s {@code --approve}, or {@code whenUnset};
   * {@code all} only when typed on the command line.
   */
  static Mode mode(CommandSpec command, @Nullable String given, Mode whenUnset) {
    if (given == null) {
      return whenUnset;
    }
    Mode mode =
        switch (given.toLowerCase(Locale.ROOT)) {
          case "none" -> Mode.NONE;
          case "ask" -> Mode.ASK;
          case "all" -> Mode.ALL;
          default ->
              throw CodemodeCli.usage(
                  command, "--approve must be none, ask or all, was '" + given + "'");
        };
    if (mode == Mode.ALL && !command.commandLine().getParseResult().hasMatchedOption("--approve")) {
      throw CodemodeCli.usage(
          command,
          "--approve all approves every write without a person, so it must be given on the"
              + " command line, not as a default (the defaults file names it)");
    }
    return mode;
  }

  /**
   * The pass's limits for {@code mode}: with {@code ask}, {@code wall} plus the time a person has
   * for a prompt.
   */
  static CodeExecutionLimits limits(CodeExecutionLimits limits, Mode mode) {
    return mode == Mode.ASK
        ? limits.withMaxWallTime(limits.maxWallTime().plus(PROMPT_WAIT))
        : limits;
  }

  /**
   * Gives {@code builder}, whose limits are already {@link #limits}, the channel of {@code mode}:
   * none for {@code none}, a prompt on {@code prompt} answered from {@code answers} for {@code
   * ask}, and an approval of every call for {@code all}.
   */
  static CodeMode.Builder install(
      CodeMode.Builder builder,
      CodeExecutionLimits limits,
      Mode mode,
      PrintWriter prompt,
      InputStream answers) {
    return switch (mode) {
      case NONE, ALL -> installWithoutPerson(builder, limits, mode);
      case ASK ->
          builder.maxApprovalWait(PROMPT_WAIT).approval(new TerminalApproval(prompt, answers));
    };
  }

  /**
   * Gives {@code builder} the channel of {@code none} (no channel) or {@code all} (approve every
   * call), where no person is asked.
   */
  static CodeMode.Builder installWithoutPerson(
      CodeMode.Builder builder, CodeExecutionLimits limits, Mode mode) {
    // No one answers: the wait is never used, and only has to stay under the pass's wall time.
    CodeMode.Builder waiting = builder.maxApprovalWait(limits.maxWallTime().dividedBy(2));
    return switch (mode) {
      case NONE -> waiting;
      case ALL ->
          waiting.approval(
              request ->
                  ApprovalDecision.approve(
                      "--approve all", "every write approved on the command line"));
      case ASK -> throw new IllegalArgumentException("--approve ask asks a person");
    };
  }
}
