package io.codemode4j.warehouse.engine;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which catalog type names key a table by whole numbers, as each engine spells them. */
class WholeNumberTypesTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          integer           | true
          INTEGER           | true
          BIGINT            | true
          int4              | true
          int8              | true
          serial            | true
          INT UNSIGNED      | true
          BIGINT UNSIGNED   | true
          int(11)           | true
          TINYINT(4)        | true
          HUGEINT           | true
          UBIGINT           | true
          varchar           | false
          VARCHAR(64)       | false
          text              | false
          uuid              | false
          DECIMAL(18,0)     | false
          double            | false
          interval          | false
          point             | false
          """)
  void isWholeNumber_catalogTypeName_asItsValuesAre(String type, boolean whole) {
    assertThat(DescribedWarehouses.isWholeNumber(type)).isEqualTo(whole);
  }
}
