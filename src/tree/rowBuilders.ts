/**
 * Builders for the rows most sources share: fields, sections of fields, groups and notices.
 * Children are built with their real parent, so ids nest (`…/feeConfig/gasLimit`) and never
 * collide between two sections.
 */
import { describeNodeProblem } from '../core/summaries/nodeProblems';
import {
    type FieldRow,
    type GroupRow,
    type NoticeRow,
    type Row,
    type ViewKey,
    under,
} from './rows';
import { l10n, problemText, remedyText } from './treeL10n';

type FieldExtra = Partial<
    Omit<FieldRow, 'kind' | 'id' | 'view' | 'parent' | 'label' | 'value' | 'children'>
>;

/** A label–value row. */
export function field(
    view: ViewKey,
    parent: Row | undefined,
    key: string | number,
    label: string,
    value: string,
    extra: FieldExtra = {},
): FieldRow {
    return { kind: 'field', ...under(view, parent, key), label, value, ...extra };
}

/** A field with children built under it. */
export function section(
    view: ViewKey,
    parent: Row | undefined,
    key: string | number,
    label: string,
    value: string,
    build: (self: FieldRow) => Row[],
    extra: FieldExtra = {},
): FieldRow {
    const self = field(view, parent, key, label, value, extra);
    return { ...self, children: build(self) };
}

/** A folder whose children the view's source loads on expand. */
export function group(
    view: ViewKey,
    parent: Row | undefined,
    key: string,
    spec: GroupRow['group'],
    label: string,
    icon: string,
    options: { expanded?: boolean; description?: string } = {},
): GroupRow {
    return {
        kind: 'group',
        ...under(view, parent, key),
        group: spec,
        label,
        icon,
        ...(options.expanded ? { expanded: true } : {}),
        ...(options.description !== undefined ? { description: options.description } : {}),
    };
}

/** A row explaining why a node call gave nothing (admin off, public server, not offered...). */
export function problemNotice(
    view: ViewKey,
    parent: Row | undefined,
    key: string,
    error: unknown,
    prefix?: string,
    publicServer = false,
): NoticeRow {
    const problem = describeNodeProblem(error, publicServer);
    return {
        kind: 'notice',
        ...under(view, parent, key),
        reason: problem.kind,
        message: prefix ? l10n.t('{0}: {1}', prefix, problemText(problem)) : problemText(problem),
        ...(problem.remedy ? { remedy: remedyText(problem) } : {}),
    };
}
