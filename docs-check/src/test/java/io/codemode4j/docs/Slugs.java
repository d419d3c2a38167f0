package io.codemode4j.docs;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The anchors of one page's headings, by GitHub's rule (github-slugger): the heading's text in
 * lower case, every character that is not a letter, a digit, a mark, {@code -} or {@code _}
 * dropped, each space turned into {@code -}; a heading whose slug an earlier one already has gets
 * {@code -1}, {@code -2}, ... Not thread-safe: one per page.
 */
final class Slugs {

  /** What GitHub drops: anything but letters, marks, digits, connector punctuation, '-' and ' '. */
  private static final Pattern DROPPED = Pattern.compile("[^\\p{L}\\p{M}\\p{Nd}\\p{Pc}\\- ]");

  private final Set<String> taken = new HashSet<>();

  /** The slug of {@code heading} alone, as the first heading of a page would get it. */
  static String slug(String heading) {
    return DROPPED.matcher(heading.toLowerCase(Locale.ROOT)).replaceAll("").replace(' ', '-');
  }

  /** The anchor of the next heading of the page, unique among the page's anchors so far. */
  String next(String heading) {
    String slug = slug(heading);
    String anchor = slug;
    for (int n = 1; !taken.add(anchor); n++) {
      anchor = slug + "-" + n;
    }
    return anchor;
  }
}
