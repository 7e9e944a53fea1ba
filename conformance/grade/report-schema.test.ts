/**
 * The report schema names the report version it describes: its `$id` and
 * its `reportVersion` constant follow REPORT_VERSION (a version bump that
 * forgets the schema fails here).
 */
import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { REPORT_VERSION } from './report.ts'

const schema = JSON.parse(readFileSync(new URL('./report.schema.json', import.meta.url), 'utf8')) as {
  $id?: unknown
  properties?: { reportVersion?: { const?: unknown } }
}

test('the schema $id and reportVersion constant follow REPORT_VERSION', () => {
  expect(schema.$id).toBe(`urn:dsh-tools-tck:report:${REPORT_VERSION}`)
  expect(schema.properties?.reportVersion?.const).toBe(REPORT_VERSION)
})
