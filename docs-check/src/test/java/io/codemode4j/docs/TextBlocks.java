package io.codemode4j.docs;

import io.codemode4j.cli.CodemodeCli;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;
import picocli.CommandLine.Help.Ansi;

/**
 * Checks a {@code text} block, which shows output or a transcript: a block that shows a command's
 * help (its first line {@code Usage: codemode ...}) must be that command's help as the CLI prints
 * it today, line for line, so an option added, renamed or described anew shows up as a failing
 * page; and each line of a transcript that runs the launcher ({@code codemode ...} or {@code
 * ./codemode ...}) must parse as a {@code sh} block's line does. The rest of a transcript (what a
 * run printed) is not checked: it depends on the data and the moment.
 */
final class TextBlocks {

  private static final String USAGE = "Usage: codemode ";

  private TextBlocks() {}

  /** What is wrong with the block, each as {@code file:line: why}; empty if none. */
  static List<String> problems(CodeBlock block, Path root) {
    String[] lines = block.text().split("\n", -1);
    List<String> problems = new ArrayList<>();
    if (lines.length > 0 && lines[0].startsWith(USAGE)) {
      String problem = help(lines);
      if (problem != null) {
        problems.add(block.where() + ": " + problem);
      }
      return problems;
    }
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (line.startsWith("codemode ") || line.startsWith("./codemode ")) {
        CodeBlock one = new CodeBlock(block.file(), block.line() + i, "sh", line, block.skip());
        problems.addAll(ShellBlocks.problems(one, root));
      }
    }
    return problems;
  }

  /** Why the lines are not the help the CLI prints for the command they name, or null. */
  static @Nullable String help(String[] lines) {
    CommandLine command = CodemodeCli.commandLine();
    List<String> path = new ArrayList<>();
    for (String word : lines[0].substring(USAGE.length()).split(" ")) {
      CommandLine sub = command.getSubcommands().get(word);
      if (sub == null) {
        break;
      }
      command = sub;
      path.add(word);
    }
    if (path.isEmpty()) {
      return "the help shown is of no subcommand of codemode: " + lines[0];
    }
    List<String> printed = trimmed(command.getUsageMessage(Ansi.OFF).split("\n", -1));
    List<String> shown = trimmed(lines);
    for (int i = 0; i < Math.max(printed.size(), shown.size()); i++) {
      String want = i < printed.size() ? printed.get(i) : "(no line)";
      String have = i < shown.size() ? shown.get(i) : "(no line)";
      if (!want.equals(have)) {
        return "the help of codemode "
            + String.join(" ", path)
            + " differs from what the CLI prints (codemode "
            + String.join(" ", path)
            + " --help) at its line "
            + (i + 1)
            + ":\n  shown:   "
            + have
            + "\n  printed: "
            + want
            + "\npaste the CLI's output in its place";
      }
    }
    return null;
  }

  /** The lines without trailing spaces, and without the blank lines at the end. */
  private static List<String> trimmed(String[] lines) {
    List<String> kept = List.of(lines).stream().map(String::stripTrailing).toList();
    int end = kept.size();
    while (end > 0 && kept.get(end - 1).isEmpty()) {
      end--;
    }
    return kept.subList(0, end);
  }
}
