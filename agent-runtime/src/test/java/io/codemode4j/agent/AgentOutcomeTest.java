package io.codemode4j.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.charts.Chart;
import io.codemode4j.charts.ChartException;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class AgentOutcomeTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  static JsonNode json(String text) {
    return JSON.readTree(text.replace('\'', '"'));
  }

  static final String TOP =
      "{'ok':true,'result':[{'customer':'Acme','revenue':'900.10'},"
          + "{'customer':'Io','revenue':'700.00'}]}";

  /** An answer after one turn of run_javascript calls whose results are {@code results}. */
  static AgentOutcome.Answered answered(String answer, String... results) {
    List<AgentTurn.ToolCall> calls =
        java.util.stream.IntStream.range(0, results.length)
            .mapToObj(
                i ->
                    new AgentTurn.ToolCall(
                        "call_" + i, "run_javascript", "{}", json(results[i]), false, 1))
            .toList();
    AgentTurn turn = new AgentTurn(0, List.of("run_javascript"), 10, 10, null, calls);
    return new AgentOutcome.Answered(
        json(answer), new AgentTranscript("run-1", List.of(turn), List.of()));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        // answer | origin of the chart, or none
        "{'answer':'Acme leads.','figures':{}} | PROPOSED",
        "{'answer':'Acme leads.','figures':{},'chart':{'mark':'arc','encoding':{'theta':"
            + "{'field':'revenue','type':'quantitative'},'color':{'field':'customer','type':'nominal'}}}}"
            + " | GIVEN",
        "{'answer':'Acme leads.','figures':{},'chart':false} | none",
      })
  void chart_ofTheLastProgramsRows_followsTheAnswer(String answer, String origin) {
    Optional<Chart> chart = answered(answer, TOP).chart();

    assertThat(chart.map(c -> c.origin().name()).orElse("none")).isEqualTo(origin);
    chart.ifPresent(c -> assertThat(c.rows()).isEqualTo(json(TOP).get("result")));
  }

  @Test
  void chart_aLaterFailedProgram_drawsTheLastOneThatSucceeded() {
    Optional<Chart> chart =
        answered(
                "{'answer':'a','figures':{}}",
                TOP,
                "{'ok':false,'error':{'kind':'thrown','message':'x'}}")
            .chart();

    assertThat(chart).get().extracting(c -> c.rows().size()).isEqualTo(2);
  }

  @Test
  void chart_noProgram_isEmpty() {
    assertThat(answered("{'answer':'a','figures':{}}").chart()).isEmpty();
  }

  @Test
  void chart_hostileChartInTheAnswer_isRefused() {
    AgentOutcome.Answered answered =
        answered(
            "{'answer':'a','figures':{},'chart':{'mark':'bar','data':{'url':'http://x/y.csv'}}}",
            TOP);

    assertThatThrownBy(answered::chart)
        .isInstanceOfSatisfying(
            ChartException.class,
            e -> assertThat(e.reason()).isEqualTo(ChartException.Reason.DATA_IN_SPEC));
  }
}
