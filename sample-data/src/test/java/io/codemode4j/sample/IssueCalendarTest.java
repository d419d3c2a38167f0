package io.codemode4j.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class IssueCalendarTest {

  private static final LocalDate FIRST = LocalDate.of(2023, 1, 1);
  private static final LocalDate LAST = LocalDate.of(2025, 12, 31);

  @ParameterizedTest
  @ValueSource(longs = {1, 7, 1_095, 50_000, 10_000_000, 1_000_000_000})
  void invoicesPerDay_anyTotal_countsAreNonNegativeAndAddUpToTotal(long total) {
    long[] counts = IssueCalendar.invoicesPerDay(FIRST, LAST, total);

    assertThat(counts).hasSize(1_096);
    assertThat(Arrays.stream(counts).min().orElseThrow()).isNotNegative();
    assertThat(Arrays.stream(counts).sum()).isEqualTo(total);
  }

  @Test
  void invoicesPerDay_threeYears_growsYearOverYear() {
    long[] counts = IssueCalendar.invoicesPerDay(FIRST, LAST, 50_000);

    long first = sum(counts, FIRST, LocalDate.of(2023, 12, 31));
    long last = sum(counts, LocalDate.of(2025, 1, 1), LAST);
    assertThat((double) last / first).isBetween(1.4, 1.7);
  }

  @Test
  void invoicesPerDay_firstOfMonthAndWeekends_followTheBillingRhythm() {
    long[] counts = IssueCalendar.invoicesPerDay(FIRST, LAST, 1_000_000);
    long firstOfMonth = 0;
    long weekend = 0;
    long weekdayNotFirst = 0;
    int firstOfMonthDays = 0;
    int weekendDays = 0;
    int weekdayDays = 0;
    for (int i = 0; i < counts.length; i++) {
      LocalDate day = FIRST.plusDays(i);
      boolean isWeekend =
          day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY;
      if (day.getDayOfMonth() == 1) {
        firstOfMonth += counts[i];
        firstOfMonthDays++;
      } else if (isWeekend) {
        weekend += counts[i];
        weekendDays++;
      } else {
        weekdayNotFirst += counts[i];
        weekdayDays++;
      }
    }
    double weekdayAverage = (double) weekdayNotFirst / weekdayDays;

    assertThat((double) firstOfMonth / firstOfMonthDays).isGreaterThan(2 * weekdayAverage);
    assertThat((double) weekend / weekendDays).isLessThan(weekdayAverage / 5);
  }

  private static long sum(long[] counts, LocalDate from, LocalDate to) {
    long sum = 0;
    for (int i = 0; i < counts.length; i++) {
      LocalDate day = FIRST.plusDays(i);
      if (!day.isBefore(from) && !day.isAfter(to)) {
        sum += counts[i];
      }
    }
    return sum;
  }
}
