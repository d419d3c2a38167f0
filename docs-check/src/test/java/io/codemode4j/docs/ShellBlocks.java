package io.codemode4j.docs;

import io.codemode4j.bench.BenchCli;
import io.codemode4j.cli.CodemodeCli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine;

/**
 * Checks a {@code sh}/{@code bash} block as the docs conventions say: each command line that runs
 * the launcher ({@code ./codemode}, {@code codemode} or a path ending in {@code /codemode}, after
 * an optional {@code $ } prompt and {@code NAME=value} assignments) is parsed by the CLI's own
 * picocli spec ({@code codemode bench} by the benchmarks launcher's, as the launcher dispatches
 * it), so an unknown subcommand or option fails; each {@code ./mvnw} line's {@code -pl} modules
 * must exist. Lines ending in {@code \} continue; {@code #} starts a comment; {@code |}, {@code
 * &&}, {@code ||} and {@code ;} separate commands; redirections are dropped. Other commands are not
 * parsed.
 */
final class ShellBlocks {

  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

  /** A redirection whose target is the next word: {@code >}, {@code 2>>}, {@code <}. */
  private static final Pattern REDIRECT = Pattern.compile("[0-9]*(?:>>?|<)");

  /** A redirection complete in one word: {@code >out.txt}, {@code 2>&1}. */
  private static final Pattern REDIRECT_WITH_TARGET = Pattern.compile("[0-9]*(?:>>?|<).+");

  private ShellBlocks() {}

  /**
   * What is wrong with the block's command lines, each as {@code file:line: why}; empty if none.
   */
  static List<String> problems(CodeBlock block, Path root) {
    List<String> problems = new ArrayList<>();
    String[] lines = block.text().split("\n", -1);
    StringBuilder logical = new StringBuilder();
    int start = -1;
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      if (start < 0) {
        start = i;
      }
      if (line.endsWith("\\")) {
        logical.append(line, 0, line.length() - 1).append(' ');
        continue;
      }
      logical.append(line);
      String where = block.file() + ":" + (block.line() + 1 + start);
      for (List<String> command : commands(logical.toString())) {
        String problem = problem(command, root);
        if (problem != null) {
          problems.add(where + ": " + String.join(" ", command) + ": " + problem);
        }
      }
      logical.setLength(0);
      start = -1;
    }
    return problems;
  }

  /** Why one command (its words) is wrong, or null. */
  static @Nullable String problem(List<String> command, Path root) {
    List<String> words = new ArrayList<>(command);
    if (!words.isEmpty() && words.getFirst().equals("$")) {
      words.removeFirst();
    }
    while (!words.isEmpty() && ASSIGNMENT.matcher(words.getFirst()).matches()) {
      words.removeFirst();
    }
    if (words.isEmpty()) {
      return null;
    }
    String program = words.getFirst();
    List<String> args = words.subList(1, words.size());
    if (program.equals("codemode") || program.endsWith("/codemode")) {
      boolean bench = !args.isEmpty() && args.getFirst().equals("bench");
      CommandLine commandLine = bench ? new CommandLine(new BenchCli()) : CodemodeCli.commandLine();
      try {
        commandLine.parseArgs((bench ? args.subList(1, args.size()) : args).toArray(String[]::new));
      } catch (CommandLine.ParameterException e) {
        return (bench ? "codemode bench" : "codemode")
            + " refuses it: "
            + e.getMessage()
            + " (the CLI's own picocli spec)";
      }
      return null;
    }
    if (program.equals("./mvnw") || program.equals("mvnw") || program.equals("mvn")) {
      for (int i = 1; i < words.size(); i++) {
        String word = words.get(i);
        String modules = null;
        if ((word.equals("-pl") || word.equals("--projects")) && i + 1 < words.size()) {
          modules = words.get(++i);
        } else if (word.startsWith("-pl") && word.length() > 3) {
          modules = word.substring(3);
        } else if (word.startsWith("--projects=")) {
          modules = word.substring("--projects=".length());
        }
        if (modules != null) {
          for (String module : modules.split(",")) {
            String name = module.replaceFirst("^[!-]", "");
            if (!moduleExists(name, root)) {
              return "-pl names " + name + ", which is no module of the parent pom.xml";
            }
          }
        }
      }
    }
    return null;
  }

  /**
   * Whether {@code name} ({@code dir} or {@code :artifactId}) is one of the modules the checkout's
   * parent pom lists.
   */
  private static boolean moduleExists(String name, Path root) {
    try {
      List<String> modules =
          MODULE
              .matcher(Files.readString(root.resolve("pom.xml")))
              .results()
              .map(m -> m.group(1).strip())
              .toList();
      if (!name.startsWith(":")) {
        return modules.contains(name);
      }
      for (String module : modules) {
        String pom =
            Files.readString(root.resolve(module).resolve("pom.xml"))
                .replaceFirst("(?s)<parent>.*?</parent>", "");
        if (pom.contains("<artifactId>" + name.substring(1) + "</artifactId>")) {
          return true;
        }
      }
      return false;
    } catch (IOException e) {
      throw new UncheckedIOException("docs-check: cannot read the poms under " + root, e);
    }
  }

  /**
   * The commands of one logical line, each as its words: quotes removed as a shell removes them,
   * {@code #} at the start of a word ending the line, separators splitting it and redirections
   * (with their target) dropped. {@code $VAR} and {@code $(...)} stay literal words.
   */
  static List<List<String>> commands(String line) {
    List<List<String>> commands = new ArrayList<>();
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean inWord = false;
    boolean dropNext = false;
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '\'' || c == '"') {
        int end = line.indexOf(c, i + 1);
        while (c == '"' && end > 0 && line.charAt(end - 1) == '\\') {
          end = line.indexOf(c, end + 1);
        }
        if (end < 0) {
          end = line.length();
        }
        String quoted = line.substring(i + 1, end);
        word.append(c == '"' ? quoted.replaceAll("\\\\([\"\\\\$`])", "$1") : quoted);
        inWord = true;
        i = end + 1;
        continue;
      }
      if (c == '\\' && i + 1 < line.length()) {
        word.append(line.charAt(i + 1));
        inWord = true;
        i += 2;
        continue;
      }
      boolean redirection = c == '&' && inWord && "<>".indexOf(word.charAt(word.length() - 1)) >= 0;
      if (!redirection && (Character.isWhitespace(c) || c == '|' || c == ';' || c == '&')) {
        if (inWord) {
          dropNext = finish(words, word.toString(), dropNext);
          word.setLength(0);
          inWord = false;
        }
        if (c == '&' && i + 1 < line.length() && line.charAt(i + 1) == '>') {
          // &> FILE: a redirection
          i += 2;
          dropNext = true;
          continue;
        }
        if (c == '|' || c == ';' || c == '&') {
          if (!words.isEmpty()) {
            commands.add(List.copyOf(words));
          }
          words.clear();
          while (i + 1 < line.length() && "|&".indexOf(line.charAt(i + 1)) >= 0) {
            i++;
          }
        }
        i++;
        continue;
      }
      if (c == '#' && !inWord) {
        break;
      }
      word.append(c);
      inWord = true;
      i++;
    }
    if (inWord) {
      finish(words, word.toString(), dropNext);
    }
    if (!words.isEmpty()) {
      commands.add(List.copyOf(words));
    }
    return commands;
  }

  /**
   * Adds {@code word} to {@code words} unless it is a redirection or a redirection's target;
   * whether the next word is a target to drop.
   */
  private static boolean finish(List<String> words, String word, boolean dropThis) {
    if (dropThis) {
      return false;
    }
    if (REDIRECT.matcher(word).matches()) {
      return true;
    }
    if (REDIRECT_WITH_TARGET.matcher(word).matches()) {
      return false;
    }
    words.add(word);
    return false;
  }
}
