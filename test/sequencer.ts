// The order test files start in. Vitest runs the files it has timed before longest first,
// and files it has not timed (a clean clone: CI) largest first, which put the simulation's
// two halves, small files of 200 s each, last: one core idle while the other finished
// them. Started first, they run side by side while the short files fill in around them.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const longest = /\/test\/sim\/simulation-[a-z]\.test\.ts$/;

export default class SimulationFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLong = (file: TestSpecification) => longest.test(file.moduleId);
    return [...sorted.filter(isLong), ...sorted.filter((file) => !isLong(file))];
  }
}
