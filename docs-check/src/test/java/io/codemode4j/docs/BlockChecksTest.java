package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The checks themselves, on blocks written here: each passes what the conventions allow and fails
 * what they do not, so that the checker can fail.
 */
class BlockChecksTest {

  private static JavaBlocks compiler;
  private static SpringProperties springProperties;

  @BeforeAll
  static void open() {
    compiler = new JavaBlocks();
    springProperties = new SpringProperties(JavaBlocks.classPath());
  }

  @AfterAll
  static void close() throws IOException {
    compiler.close();
  }

  private static CodeBlock block(String language, String text) {
    return new CodeBlock("docs/page.md", 10, language, text, null);
  }

  @ParameterizedTest(name = "{0}: {1}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          java  | true
          text  | true
          xml   | true
          ''    | false
          console | false
          sql   | false
          JS    | false
          """)
  void language_ofABlock_isOneOfTheCheckedOnes(String language, boolean accepted) {
    assertThat(BlockChecks.language(block(language, "x\n")) == null).isEqualTo(accepted);
  }

  @Test
  void language_ofASkippedBlock_needsAReasonOnly() {
    assertThat(
            BlockChecks.language(
                new CodeBlock("p.md", 2, "sql", "GRANT x;\n", new CodeBlock.Skip("DDL"))))
        .isNull();
    assertThat(
            BlockChecks.language(new CodeBlock("p.md", 2, "sql", "x\n", new CodeBlock.Skip(" "))))
        .contains("no reason");
    assertThat(BlockChecks.language(new CodeBlock("p.md", 2, "", "x\n", new CodeBlock.Skip("r"))))
        .contains("no language");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          statements using the project's packages | SqlAllowlist allowlist = SqlAllowlist.builder().table("orders", new TenantScope.ByColumn("shop")).build(); Path p = Path.of("x"); | true
          a compilation unit with its imports | import io.codemode4j.bridge.Principal; public final class Example { Principal p = Principal.unconfined("x"); } | true
          a variable the block does not declare | CodeMode built = CodeMode.builder().build(); warehouse.close(); | false
          an internal package is not imported | GraalExecutor executor = null; | false
          a type error | String s = 42; | false
          """)
  void javaBlock_compilesOnlyWhatTheConventionsAllow(String name, String text, boolean compiles) {
    assertThat(compiler.errors(block("java", text + "\n")).isEmpty()).as(name).isEqualTo(compiles);
  }

  @Test
  void javaBlock_thatFails_namesTheLineOfTheDocument() {
    List<String> errors = compiler.errors(block("java", "int a = 1;\nint b = missing;\n"));
    assertThat(errors.getFirst()).startsWith("docs/page.md:12: ").contains("missing");
  }

  @Test
  void exportedPackages_areTheNonInternalPackagesOfEveryModule() {
    assertThat(JavaBlocks.exportedPackages(JavaBlocks.classPath()))
        .contains(
            "io.codemode4j.bridge",
            "io.codemode4j.sql",
            "io.codemode4j.warehouse",
            "io.codemode4j.warehouse.billing",
            "io.codemode4j.agent",
            "io.codemode4j.mcp",
            "io.codemode4j.spring",
            "io.codemode4j.cli")
        .noneMatch(pkg -> pkg.contains(".internal"))
        .noneMatch(pkg -> pkg.startsWith("io.codemode4j.docs"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '¦',
      textBlock =
          """
          run with an example               ¦ ./codemode run examples/top-region.js                   ¦ true
          prompt, assignment, comment       ¦ $ CODEMODE_BUILD=never codemode tables   # the tables   ¦ true
          continued line                    ¦ ./codemode query --format markdown \\\\n  "SELECT 1"     ¦ true
          a pipe into codemode              ¦ printf %s "$TOKEN" | ./codemode mcp hash-token           ¦ true
          redirections dropped              ¦ ./codemode query "SELECT 1" > out.txt 2>&1              ¦ true
          a redirection before arguments    ¦ ./codemode query 2>/dev/null "SELECT 1"                 ¦ true
          2>&1 drops no argument            ¦ ./codemode query 2>&1 --formt csv "SELECT 1"            ¦ false
          the bench launcher                ¦ ./codemode bench --quick                                ¦ true
          other commands are not parsed     ¦ npm install --whatever                                  ¦ true
          mvnw with modules that exist      ¦ ./mvnw -o verify -pl sql-allowlist,cli -am              ¦ true
          an unknown option                 ¦ ./codemode run --no-such-option examples/top-region.js  ¦ false
          an unknown subcommand             ¦ codemode frobnicate                                     ¦ false
          an option of another subcommand   ¦ ./codemode tables --chart x.html                        ¦ false
          a bad option after a pipe         ¦ cat x | ./codemode query --formt csv "SELECT 1"         ¦ false
          a bad option on a continued line  ¦ ./codemode run \\\\n  --bogus x.js                      ¦ false
          an unknown bench option           ¦ ./codemode bench --fastest                              ¦ false
          mvnw with a module by artifactId  ¦ ./mvnw verify -pl :codemode4j-cli                       ¦ true
          a directory that is no module     ¦ ./mvnw verify -pl examples                              ¦ false
          mvnw with a module that is gone   ¦ ./mvnw verify -pl no-such-module                        ¦ false
          """)
  void shellBlock_parsesCodemodeLinesWithTheCliSpec(String name, String text, boolean ok) {
    List<String> problems =
        ShellBlocks.problems(block("sh", text.replace("\\n", "\n") + "\n"), DocsTree.root());
    assertThat(problems.isEmpty()).as(name + ": " + problems).isEqualTo(ok);
  }

  @Test
  void shellBlock_thatFails_namesTheLineOfTheCommand() {
    List<String> problems =
        ShellBlocks.problems(
            block("bash", "./codemode tables\n./codemode run \\\n  --bogus x.js\n"),
            DocsTree.root());
    assertThat(problems).singleElement().asString().startsWith("docs/page.md:12: ");
  }

  @Test
  void commands_ofALine_areSplitAsAShellSplitsThem() {
    assertThat(ShellBlocks.commands("a 'b c' \"d \\\"e\\\"\" # f"))
        .containsExactly(List.of("a", "b c", "d \"e\""));
    assertThat(ShellBlocks.commands("x && y | z; w 2>&1 >out"))
        .containsExactly(List.of("x"), List.of("y"), List.of("z"), List.of("w"));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          an object                   | {"a": [1, 2]}                | true
          JSON Lines                  | {"a": 1}\\n{"b": 2}          | true
          a comment                   | // a comment\\n{"a": 1}      | false
          two values on one line      | {"a": 1} {"b": 2}            | false
          a trailing comma            | {"a": 1,}                    | false
          an ellipsis                 | {"a": …}                     | false
          """)
  void jsonBlock_parsesOnlyAsJson(String name, String text, boolean ok) {
    assertThat(BlockChecks.json(block("json", text.replace("\\n", "\n") + "\n")) == null)
        .as(name)
        .isEqualTo(ok);
  }

  @Test
  void yamlBlock_isReadByTheDescriptionReader() {
    String good =
        """
        subject: the shop
        connection:
          directory: /data/shop
        tables:
          orders: {tenant: shared}
        """;
    assertThat(BlockChecks.yaml(block("yaml", good), DocsTree.root(), springProperties)).isNull();
    assertThat(
            BlockChecks.yaml(
                block("yaml", good + "colour: blue\n"), DocsTree.root(), springProperties))
        .contains("colour");
  }

  @Test
  void yamlBlock_ofSpringConfiguration_bindsOnlyPropertiesOfTheStarter() {
    String good =
        """
        spring:
          application.name: analyst
        codemode:
          max-calls: 64
          principal: {id: analyst, tenant: [emea, apac]}
          warehouse: {sample: true, tables: {orders: shop}}
        """;
    assertThat(BlockChecks.yaml(block("yaml", good), DocsTree.root(), springProperties)).isNull();
    assertThat(
            BlockChecks.yaml(
                block("yaml", good.replace("max-calls", "max-cals")),
                DocsTree.root(),
                springProperties))
        .contains("codemode.max-cals");
  }

  @Test
  void xmlBlock_mustBeWellFormed() {
    assertThat(BlockChecks.xml(block("xml", "<a>1</a>\n<b/>\n"))).isNull();
    assertThat(BlockChecks.xml(block("xml", "<a>1</b>\n"))).isNotNull();
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          codemode.max-calls                                  | true
          codemode.principal.tenant                           | true
          codemode.principal.all-tenants                      | true
          codemode.warehouse.sample                           | true
          codemode.warehouse.tables.orders                    | true
          codemode.warehouse.tenants-confined-by-filters-alone | true
          codemode.max-cals                                   | false
          codemode.maxCalls                                   | false
          codemode.principal                                  | false
          codemode.principal.id.more                          | false
          codemode.warehouse.colour                           | false
          """)
  void propertiesKey_isBoundOnlyIfTheStarterBindsIt(String key, boolean bound) {
    assertThat(springProperties.binds(key)).as(key).isEqualTo(bound);
    assertThat(
            BlockChecks.properties(
                block("properties", key + "=1\nother.key=2\n"), springProperties))
        .as(key)
        .hasSize(bound ? 0 : 1);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          a page                          | other.md                         | true
          a page's heading                | other.md#second-part             | true
          this page's heading             | '#first'                         | true
          a directory                     | sub                              | true
          a line of a source file         | sub/Code.java#L3                 | true
          from the root                   | /docs/other.md                   | true
          a web page                      | https://example.com/a?b=c#d      | true
          a missing page                  | missing.md                       | false
          a missing heading               | other.md#no-such-heading         | false
          a missing heading of this page  | '#nowhere'                       | false
          an anchor on a non-page         | sub/Code.java#section            | false
          outside the checkout            | ../../outside.md                 | false
          a web link without a host       | https:///path                    | false
          a web link with a space         | https://example.com/a b          | false
          """)
  void link_resolvesOnlyToWhatExists(
      String name, String destination, boolean ok, @TempDir Path root) throws IOException {
    Files.createDirectories(root.resolve("docs/sub"));
    Files.writeString(root.resolve("docs/page.md"), "# First\n");
    Files.writeString(root.resolve("docs/other.md"), "# Other\n## Second part\n");
    Files.writeString(root.resolve("docs/sub/Code.java"), "class Code {}\n");
    assertThat(Links.problem(new Link("docs/page.md", 1, destination), root) == null)
        .as(name)
        .isEqualTo(ok);
  }
}
