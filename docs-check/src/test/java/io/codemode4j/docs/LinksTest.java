package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.fail;

import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every link of the docs resolves (see {@link Links}); each test named by the link's place. */
class LinksTest {

  static Stream<Arguments> links() {
    return DocsTree.pages().stream()
        .flatMap(page -> page.links().stream())
        .map(link -> Arguments.argumentSet(link.toString(), link));
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("links")
  void link_resolves(Link link) {
    String problem = Links.problem(link, DocsTree.root());
    if (problem != null) {
      fail(link.where() + ": " + link.destination() + ": " + problem);
    }
  }
}
