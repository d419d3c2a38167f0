package io.codemode4j.docs;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The method declarations of a {@code ts} block ({@code name(args): Type;}, on one line or over
 * several, as {@code codemode describe} prints them), and the whitespace rule they are compared
 * under.
 */
final class TypeScriptLines {

  /** Where a method declaration starts: {@code name(} or {@code name?(} at the start of a line. */
  private static final Pattern METHOD_START = Pattern.compile("^\\s*[A-Za-z_$][\\w$]*\\??\\s*\\(");

  private static final Pattern DOC_COMMENT = Pattern.compile("/\\*\\*.*?\\*/", Pattern.DOTALL);

  private TypeScriptLines() {}

  /**
   * The method declarations of {@code text}: from a line that starts one to the {@code ;} that ends
   * it outside any bracket, comment or string. A start that never ends is returned as it is, so
   * that it fails the comparison rather than passing unread.
   */
  static List<String> methods(String text) {
    List<String> methods = new ArrayList<>();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (!METHOD_START.matcher(lines[i]).find()) {
        continue;
      }
      StringBuilder method = new StringBuilder();
      int end = i;
      for (; end < lines.length; end++) {
        method.append(lines[end]).append('\n');
        if (complete(method)) {
          break;
        }
      }
      methods.add(method.toString().strip());
      i = Math.min(end, lines.length - 1);
    }
    return methods;
  }

  /** Whether {@code text} has closed every bracket and ended with {@code ;} at depth 0. */
  private static boolean complete(CharSequence text) {
    int depth = 0;
    int i = 0;
    boolean ended = false;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '/' && i + 1 < text.length() && text.charAt(i + 1) == '*') {
        int close = text.toString().indexOf("*/", i + 2);
        i = close < 0 ? text.length() : close + 2;
        continue;
      }
      if (c == '"' || c == '\'' || c == '`') {
        int j = i + 1;
        while (j < text.length() && text.charAt(j) != c) {
          j += text.charAt(j) == '\\' ? 2 : 1;
        }
        i = j + 1;
        continue;
      }
      if ("({[".indexOf(c) >= 0) {
        depth++;
      } else if (")}]".indexOf(c) >= 0) {
        depth--;
      } else if (c == ';' && depth == 0) {
        ended = true;
      }
      i++;
    }
    return ended && depth == 0;
  }

  /**
   * {@code text} without its doc comments ({@code /** ... *}{@code /}: prose, which a page may
   * leave out), with every run of whitespace one space and none next to punctuation, so that a
   * declaration the docs wrap, indent or show without its prose still matches. Inline comments
   * ({@code /* length >= 1 *}{@code /}) are part of the type and stay.
   */
  static String normalised(String text) {
    return DOC_COMMENT
        .matcher(text)
        .replaceAll(" ")
        .replaceAll("\\s+", " ")
        .replaceAll(" ?([(){}\\[\\]<>:;,|=?]) ?", "$1")
        .strip();
  }
}
