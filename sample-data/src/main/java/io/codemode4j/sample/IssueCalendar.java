package io.codemode4j.sample;

import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/**
 * How many invoices are issued on each day of the issue period. Counts follow a business's rhythm
 * instead of a flat line: 25% growth a year, most invoices on the 1st of the month (subscription
 * renewals), fewer at weekends, a busier last month of each quarter.
 *
 * <p>Counts are whole numbers that add up exactly to the total: day {@code d} gets {@code
 * round(total * C(d)) - round(total * C(d - 1))}, where C is the cumulative weight share.
 */
final class IssueCalendar {

  private static final double YEARLY_GROWTH = 1.25;
  private static final double FIRST_OF_MONTH_FACTOR = 4;
  private static final double WEEKEND_FACTOR = 0.1;
  private static final double QUARTER_END_MONTH_FACTOR = 1.2;

  private IssueCalendar() {}

  /**
   * Counts for the days {@code first} to {@code last}, both inclusive, adding up to {@code total}.
   */
  static long[] invoicesPerDay(LocalDate first, LocalDate last, long total) {
    int days = Math.toIntExact(ChronoUnit.DAYS.between(first, last) + 1);
    double[] cumulative = new double[days];
    double sum = 0;
    for (int i = 0; i < days; i++) {
      sum += weight(first.plusDays(i), i);
      cumulative[i] = sum;
    }
    long[] counts = new long[days];
    long issuedBefore = 0;
    for (int i = 0; i < days; i++) {
      // The last share is sum / sum, exactly 1.0, so the counts add up to total.
      long issuedUpToToday = Math.round(total * (cumulative[i] / sum));
      counts[i] = issuedUpToToday - issuedBefore;
      issuedBefore = issuedUpToToday;
    }
    return counts;
  }

  private static double weight(LocalDate day, int dayIndex) {
    double weight = StrictMath.pow(YEARLY_GROWTH, dayIndex / 365.25);
    if (day.getDayOfMonth() == 1) {
      weight *= FIRST_OF_MONTH_FACTOR;
    }
    if (day.getDayOfWeek() == DayOfWeek.SATURDAY || day.getDayOfWeek() == DayOfWeek.SUNDAY) {
      weight *= WEEKEND_FACTOR;
    }
    if (day.getMonthValue() % 3 == 0) {
      weight *= QUARTER_END_MONTH_FACTOR;
    }
    return weight;
  }
}
