package io.browserflow.api.dsl;

import io.browserflow.api.Step;
import java.util.List;

/**
 * A nested step list: the body of a {@code foreach}, {@code repeat}, {@code while},
 * {@code paginate}, the branches of an {@code if}, or an {@code onError} fallback. Offers every step
 * method of the flow builder.
 *
 * <pre>{@code
 * .foreach(tableRows(), row -> row
 *     .fill(testId("device"), "${loop.row.DEVICE_ID}")
 *     .click(testId("search")).expect(visible(css("table.result tr"))))
 * }</pre>
 */
public final class Steps extends StepSequence<Steps> {
  Steps(StepIds ids) {
    super(ids);
  }

  @Override
  Steps self() {
    return this;
  }

  List<Step> build() {
    return steps();
  }
}
