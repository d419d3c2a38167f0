package io.codemode4j.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.charts.ChartException.Reason;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class ChartTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  static JsonNode json(String text) {
    return JSON.readTree(text.replace('\'', '"'));
  }

  static final String MONTHLY_BY_REGION =
      "[{'month':'2025-01-01','region':'emea','revenue':'1200.50'},"
          + "{'month':'2025-01-01','region':'apac','revenue':'800.25'},"
          + "{'month':'2025-02-01','region':'emea','revenue':'1300.75'},"
          + "{'month':'2025-02-01','region':'apac','revenue':'950.00'}]";

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // rows | proposed mark, or none
        MONTHLY_BY_REGION + " | line",
        "[{'day':'2025-01-01T10:00:00','orders':3},{'day':'2025-01-02T10:00:00','orders':5}] | line",
        "[{'month':'2025-01','net':10,'tax':2},{'month':'2025-02','net':12,'tax':3}] | line",
        "[{'customer':'Acme','revenue':'900.10'},{'customer':'Globex','revenue':'700.00'}] | bar",
        "[{'days_to_pay':12.5,'revenue':100},{'days_to_pay':30,'revenue':80}] | point",
        "[{'customer':'Acme','days':12,'revenue':100},{'customer':'Io','days':3,'revenue':5}] | point",
        "[{'customer':'Acme','segment':'smb','revenue':1}] | none",
        "[{'month':'2025-01','region':'emea','net':1,'tax':2}] | none",
        "[{'customer':'Acme'},{'customer':'Globex'}] | none",
        "[{'a':1,'b':2,'c':3}] | none",
        "[] | none",
        "{'total':5} | none",
      })
  void proposed_byShape_drawsTheExpectedMarkOrNone(String rows, String mark) {
    Optional<Chart> chart = Chart.proposed(json(rows));

    if (mark.equals("none")) {
      assertThat(chart).isEmpty();
    } else {
      assertThat(chart).get().extracting(Chart::origin).isEqualTo(Chart.Origin.PROPOSED);
      JsonNode drawn = chart.orElseThrow().spec().get("mark");
      assertThat(drawn.isObject() ? drawn.get("type").asString() : drawn.asString())
          .isEqualTo(mark);
    }
  }

  @Test
  void proposed_monthlyDecimals_drawsNumbersAndKeepsTheExactTextForTheTooltip() {
    ObjectNode spec = Chart.proposed(json(MONTHLY_BY_REGION)).orElseThrow().vegaLite();

    JsonNode first = spec.at("/data/values/0");
    assertThat(first.get("revenue").isNumber()).isTrue();
    assertThat(first.get("revenue").asDouble()).isEqualTo(1200.5);
    assertThat(first.get("revenue (exact)").asString()).isEqualTo("1200.50");
    assertThat(spec.at("/data/values/3/revenue (exact)").asString()).isEqualTo("950.00");
    assertThat(spec.at("/data/values")).hasSize(4);
    assertThat(spec.at("/encoding/x/timeUnit").asString()).isEqualTo("utcyearmonth");
    assertThat(spec.at("/encoding/x/axis/format").asString()).isEqualTo("%b %Y");
    assertThat(spec.at("/encoding/color/field").asString()).isEqualTo("region");
    assertThat(spec.at("/encoding/tooltip").toString())
        .contains("{\"field\":\"revenue (exact)\",\"type\":\"nominal\",\"title\":\"revenue\"}");
  }

  @Test
  void proposed_integerMeasure_axisAndTooltipShowWholeNumbersWithThousands() {
    ObjectNode spec =
        Chart.proposed(json("[{'customer':'Acme','invoices':1200},{'customer':'Io','invoices':7}]"))
            .orElseThrow()
            .vegaLite();

    assertThat(spec.at("/encoding/x/axis/format").asString()).isEqualTo(",d");
    assertThat(spec.at("/encoding/y/sort").asString()).isEqualTo("-x");
    assertThat(spec.at("/encoding/tooltip/1/format").asString()).isEqualTo(",d");
  }

  @Test
  void proposed_largeMeasure_axisHasFewerTicksSoGroupedDigitsDoNotCrowd() {
    ObjectNode spec =
        Chart.proposed(
                json(
                    "[{'customer':'Acme','revenue':'900000.10'},{'customer':'Io','revenue':'1.00'}]"))
            .orElseThrow()
            .vegaLite();

    assertThat(spec.at("/encoding/x/axis/tickCount").asInt()).isEqualTo(Proposal.TICKS_WHEN_LARGE);
  }

  @Test
  void proposed_severalMeasuresOverTime_foldsThemIntoOneLineEach() {
    ObjectNode spec =
        Chart.proposed(
                json("[{'month':'2025-01','net':10,'tax':2},{'month':'2025-02','net':12,'tax':3}]"))
            .orElseThrow()
            .vegaLite();

    assertThat(spec.at("/transform/0/fold").toString()).isEqualTo("[\"net\",\"tax\"]");
    assertThat(spec.at("/encoding/color/field").asString()).isEqualTo("measure");
    assertThat(spec.at("/data/values")).hasSize(2);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // spec | reason
        "{'mark':'bar','data':{'url':'https://example.com/d.csv'}} | DATA_IN_SPEC",
        "{'mark':'bar','datasets':{'a':[]}} | DATA_IN_SPEC",
        "{'layer':[{'mark':'bar','data':{'values':[{'x':1}]}}]} | DATA_IN_SPEC",
        "{'mark':'image','encoding':{'url':{'field':'customer'}}} | EXTERNAL_LOAD",
        "{'mark':{'type':'image'}} | EXTERNAL_LOAD",
        "{'mark':'bar','encoding':{'href':{'field':'customer'}}} | EXTERNAL_LOAD",
        "{'mark':'bar','usermeta':{'embedOptions':{'loader':{}}}} | EXTERNAL_LOAD",
        "{'mark':'bar','title':'see http://evil.example/x'} | EXTERNAL_LOAD",
        "{'mark':'bar','description':'javascript:alert(1)'} | EXTERNAL_LOAD",
        "{'mark':'bar','background':'url(//evil.example/bg.png)'} | EXTERNAL_LOAD",
        "{'mark':'bar','transform':[{'calculate':'datum.x * 2','as':'y'}]} | EXPRESSION",
        "{'mark':'bar','transform':[{'filter':'datum.x > 1'}]} | EXPRESSION",
        "{'mark':'bar','params':[{'name':'p','expr':'now()'}]} | EXPRESSION",
        "{'mark':'bar','encoding':{'x':{'field':'a','axis':{'labelExpr':'datum.label'}}}} | EXPRESSION",
        "{'mark':'bar','encoding':{'x':{'field':'a','format':'x','formatType':'evil'}}} | EXPRESSION",
        "{'mark':'bar','width':{'expr':'1e9'}} | EXPRESSION",
        "{'mark':'bar','width':100000} | TOO_LARGE",
        "{'mark':'bar','encoding':{'x':{'field':'a','bin':{'maxbins':100000}}}} | TOO_LARGE",
        "{'mark':'nonsense'} | NOT_VEGA_LITE",
        "{'mark':'bar','encoding':{'x':{'field':'a','type':'weird'}}} | NOT_VEGA_LITE",
        "[1,2] | NOT_VEGA_LITE",
      })
  void of_hostileOrInvalidSpec_isRefusedWithItsReason(String spec, Reason reason) {
    assertThatThrownBy(() -> Chart.of(json(spec), json("[{'a':1,'customer':'x'}]")))
        .isInstanceOfSatisfying(ChartException.class, e -> assertThat(e.reason()).isEqualTo(reason))
        .hasMessageContaining("chart refused");
  }

  @Test
  void of_deeplyNestedSpec_isRefusedAsTooDeep() {
    String deep = "{'mark':'bar','config':" + "{'a':".repeat(40) + "1" + "}".repeat(40) + "}";

    assertThatThrownBy(() -> Chart.of(json(deep), json("[{'a':1}]")))
        .isInstanceOfSatisfying(
            ChartException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_DEEP))
        .hasMessageContaining("24 levels");
  }

  @Test
  void of_hugeSpec_isRefusedAsTooLarge() {
    String big = "{'mark':'bar','description':'" + "x".repeat(70_000) + "'}";

    assertThatThrownBy(() -> Chart.of(json(big), json("[{'a':1}]")))
        .isInstanceOfSatisfying(
            ChartException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE))
        .hasMessageContaining("65536");
  }

  @Test
  void of_moreRowsThanAChartDraws_isRefusedNamingTheNumbersAndTheFix() {
    ArrayNode rows = JSON.createArrayNode();
    for (int i = 0; i <= Chart.MAX_ROWS; i++) {
      rows.addObject().put("a", i);
    }

    assertThatThrownBy(() -> Chart.of(json("{'mark':'tick'}"), rows))
        .isInstanceOfSatisfying(
            ChartException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_MANY_ROWS))
        .hasMessageContaining("5001 rows")
        .hasMessageContaining("GROUP BY");
    assertThat(Chart.proposed(rows)).isEmpty();
  }

  @Test
  void of_deeplyNestedRow_isRefusedAsTooDeep() {
    String row = "[{'a':" + "[".repeat(20) + "1" + "]".repeat(20) + "}]";

    assertThatThrownBy(() -> Chart.of(json("{'mark':'tick'}"), json(row)))
        .isInstanceOfSatisfying(
            ChartException.class, e -> assertThat(e.reason()).isEqualTo(Reason.TOO_DEEP));
  }

  @Test
  void of_schemaUrl_isDroppedNotRefused() {
    Chart chart =
        Chart.of(
            json(
                "{'$schema':'https://vega.github.io/schema/vega-lite/v6.json','mark':'bar',"
                    + "'encoding':{'x':{'field':'a','type':'quantitative'}}}"),
            json("[{'a':1}]"));

    assertThat(chart.spec().has("$schema")).isFalse();
    assertThat(chart.origin()).isEqualTo(Chart.Origin.GIVEN);
    assertThat(chart.vegaLite().get("$schema").asString()).isEqualTo(Chart.VEGA_LITE_SCHEMA);
  }

  @Test
  void ofResult_givenChartAndRows_drawsTheRowsWithTheGivenSpec() {
    JsonNode result =
        json(
            "{'total':'1900.60','top':[{'customer':'Acme','revenue':'1200.50'},"
                + "{'customer':'Io','revenue':'700.10'}],"
                + "'chart':{'mark':'arc','encoding':{'theta':{'field':'revenue','type':'quantitative'},"
                + "'color':{'field':'customer','type':'nominal'}}}}");

    Chart chart = Chart.ofResult(result).orElseThrow();

    assertThat(chart.origin()).isEqualTo(Chart.Origin.GIVEN);
    assertThat(chart.rows()).hasSize(2);
    assertThat(chart.vegaLite().at("/data/values/1/revenue").asDouble()).isEqualTo(700.1);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "{'rows':[{'customer':'Acme','revenue':1}],'chart':false} | none",
        "{'rows':[{'customer':'Acme','revenue':1}],'chart':null} | none",
        "{'rows':[{'customer':'Acme','revenue':1}]} | PROPOSED",
        "[{'customer':'Acme','revenue':1}] | PROPOSED",
        "{'a':[{'customer':'Acme','revenue':1}],'b':[{'x':1}]} | none",
        "{'answer':42} | none",
        "42 | none",
      })
  void ofResult_byShape_givesAChartOrNone(String result, String expected) {
    Optional<Chart> chart = Chart.ofResult(json(result));

    assertThat(chart.map(c -> c.origin().name()).orElse("none")).isEqualTo(expected);
  }

  @Test
  void ofResult_chartWithoutRows_isRefusedNamingTheShapeToReturn() {
    assertThatThrownBy(() -> Chart.ofResult(json("{'total':5,'chart':{'mark':'bar'}}")))
        .isInstanceOfSatisfying(
            ChartException.class, e -> assertThat(e.reason()).isEqualTo(Reason.NO_ROWS))
        .hasMessageContaining("{rows: [...], chart: {...}}");
  }

  @Test
  void html_inlinesTheRendererAndForbidsEveryFetch() {
    String html = Chart.proposed(json(MONTHLY_BY_REGION)).orElseThrow().html("Revenue <by> month");

    assertThat(html.contains("default-src 'none'")).as("default-src 'none'").isTrue();
    assertThat(html.contains("connect-src 'none'")).as("connect-src 'none'").isTrue();
    assertThat(html.contains("img-src 'none'")).as("img-src 'none'").isTrue();
    assertThat(html.contains("unsafe-eval")).as("unsafe-eval").isFalse();
    assertThat(html.contains("Revenue &lt;by&gt; month")).as("escaped title").isTrue();
    assertThat(html.contains("<script src")).as("a script loaded from elsewhere").isFalse();
    assertThat(html.contains("sourceMappingURL")).as("a source map").isFalse();
    assertThat(html.split("'sha256-", -1))
        .as("hashes: 4 renderer scripts, the page's boot and the app's")
        .hasSize(7);
  }

  @Test
  void html_rowTextThatClosesTheScript_staysData() {
    String html =
        Chart.proposed(json("[{'customer':'</script><script>alert(1)</script>','revenue':1}]"))
            .orElseThrow()
            .html("t");

    assertThat(html.contains("</script><script>alert")).as("the row's text as markup").isFalse();
  }

  @Test
  void appHtml_carriesNoDataAndTheSamePolicy_drawsWhatItsHostSends() {
    String app = ChartApp.html("Chart <of> the result");
    Chart chart = Chart.proposed(json(MONTHLY_BY_REGION)).orElseThrow();

    assertThat(app.contains("default-src 'none'")).as("default-src 'none'").isTrue();
    assertThat(app.contains("connect-src 'none'")).as("connect-src 'none'").isTrue();
    assertThat(app.contains("chart-spec")).as("a data block").isFalse();
    assertThat(app.contains("ui/notifications/tool-result")).isTrue();
    assertThat(app.contains("Chart &lt;of&gt; the result")).as("escaped title").isTrue();
    assertThat(ChartApp.meta(chart).get(ChartApp.META_KEY)).isEqualTo(chart.vegaLite());
  }
}
