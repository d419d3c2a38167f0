package io.codemode4j.docs;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.commonmark.ext.gfm.tables.TablesExtension;
import org.commonmark.node.AbstractVisitor;
import org.commonmark.node.Code;
import org.commonmark.node.FencedCodeBlock;
import org.commonmark.node.Heading;
import org.commonmark.node.HtmlBlock;
import org.commonmark.node.HtmlInline;
import org.commonmark.node.Image;
import org.commonmark.node.IndentedCodeBlock;
import org.commonmark.node.Node;
import org.commonmark.node.Text;
import org.commonmark.parser.IncludeSourceSpans;
import org.commonmark.parser.Parser;

/**
 * What the checks read of one Markdown page: its code blocks, its links, its anchors and the {@code
 * docs-check} comments that belong to no block. Parsed by commonmark-java (with GitHub's tables, so
 * links in table cells are links), the CommonMark reference parser for Java, rather than by a line
 * reader: fences inside list items, longer fences around shorter ones, {@code ~~~} fences and
 * reference links are then what GitHub renders.
 *
 * @param file the page, relative to the checkout
 * @param blocks every code block, fenced or indented, in order
 * @param links every link and image, in order
 * @param anchors the heading anchors (GitHub's slugs) and the {@code id}/{@code name} of HTML
 *     anchors
 * @param strayComments each {@code <!-- docs-check ... -->} line that is not a skip comment just
 *     before a fence, as {@code file:line: text}
 */
record MarkdownPage(
    String file,
    List<CodeBlock> blocks,
    List<Link> links,
    Set<String> anchors,
    List<String> strayComments) {

  private static final Parser PARSER =
      Parser.builder()
          .extensions(List.of(TablesExtension.create()))
          .includeSourceSpans(IncludeSourceSpans.BLOCKS_AND_INLINES)
          .build();

  /**
   * The exemption comment: {@code <!-- docs-check: skip (reason) -->}, the reason optional here.
   */
  private static final Pattern SKIP =
      Pattern.compile("<!--\\s*docs-check:\\s*skip\\s*(?:\\((.*)\\))?\\s*-->");

  private static final Pattern HTML_ANCHOR =
      Pattern.compile("<a\\s[^>]*?\\b(?:id|name)\\s*=\\s*\"([^\"]+)\"", Pattern.CASE_INSENSITIVE);

  MarkdownPage {
    blocks = List.copyOf(blocks);
    links = List.copyOf(links);
    anchors = Set.copyOf(anchors);
    strayComments = List.copyOf(strayComments);
  }

  /** Parses {@code text}, the content of {@code file}. */
  static MarkdownPage parse(String file, String text) {
    String[] lines = text.split("\r?\n", -1);
    List<CodeBlock> blocks = new ArrayList<>();
    List<Link> links = new ArrayList<>();
    Set<String> anchors = new LinkedHashSet<>();
    Set<Integer> skipLines = new HashSet<>();
    Slugs slugs = new Slugs();
    Node document = PARSER.parse(text);
    document.accept(
        new AbstractVisitor() {
          @Override
          public void visit(FencedCodeBlock block) {
            int line = line(block);
            String info = block.getInfo() == null ? "" : block.getInfo().strip();
            String language = info.isEmpty() ? "" : info.split("\\s+", 2)[0];
            CodeBlock.Skip skip = null;
            if (line >= 2) {
              Matcher matcher = SKIP.matcher(lines[line - 2].strip());
              if (matcher.matches()) {
                skip = new CodeBlock.Skip(matcher.group(1) == null ? "" : matcher.group(1).strip());
                skipLines.add(line - 1);
              }
            }
            blocks.add(new CodeBlock(file, line, language, block.getLiteral(), skip));
          }

          @Override
          public void visit(IndentedCodeBlock block) {
            // An indented block cannot name a language: reported as a block without one.
            blocks.add(new CodeBlock(file, line(block), "", block.getLiteral(), null));
          }

          @Override
          public void visit(Heading heading) {
            StringBuilder title = new StringBuilder();
            heading.accept(
                new AbstractVisitor() {
                  @Override
                  public void visit(Text text) {
                    title.append(text.getLiteral());
                  }

                  @Override
                  public void visit(Code code) {
                    title.append(code.getLiteral());
                  }
                });
            anchors.add(slugs.next(title.toString().strip()));
          }

          @Override
          public void visit(org.commonmark.node.Link link) {
            links.add(new Link(file, line(link), link.getDestination()));
            visitChildren(link);
          }

          @Override
          public void visit(Image image) {
            links.add(new Link(file, line(image), image.getDestination()));
            visitChildren(image);
          }

          @Override
          public void visit(HtmlBlock html) {
            htmlAnchors(html.getLiteral());
          }

          @Override
          public void visit(HtmlInline html) {
            htmlAnchors(html.getLiteral());
          }

          private void htmlAnchors(String html) {
            Matcher matcher = HTML_ANCHOR.matcher(html);
            while (matcher.find()) {
              anchors.add(matcher.group(1));
            }
          }
        });
    List<String> strays = new ArrayList<>();
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.startsWith("<!--") && line.contains("docs-check") && !skipLines.contains(i + 1)) {
        int number = i + 1;
        boolean inBlock =
            blocks.stream()
                .anyMatch(
                    b -> number > b.line() && number <= b.line() + b.text().split("\n", -1).length);
        if (!inBlock) {
          strays.add(
              file
                  + ":"
                  + number
                  + ": "
                  + line
                  + " (a skip is exactly <!-- docs-check: skip (reason) --> on the line just"
                  + " before a fence)");
        }
      }
    }
    return new MarkdownPage(file, blocks, links, anchors, strays);
  }

  /** The 1-based line a node starts on. */
  private static int line(Node node) {
    return node.getSourceSpans().isEmpty()
        ? 1
        : node.getSourceSpans().getFirst().getLineIndex() + 1;
  }
}
