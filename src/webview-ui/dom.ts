/**
 * The only way this page creates DOM: elements with `textContent`, attributes from a fixed list,
 * never `innerHTML`. Everything a panel shows comes from chain data and must stay text.
 */

export interface ElementProps {
    readonly className?: string | undefined;
    readonly text?: string | undefined;
    readonly title?: string | undefined;
    /** Attributes by name; only the names below are accepted, so data can never add handlers. */
    readonly attrs?: Readonly<Partial<Record<AllowedAttribute, string>>> | undefined;
}

type AllowedAttribute =
    | 'role'
    | 'aria-label'
    | 'aria-selected'
    | 'aria-controls'
    | 'aria-live'
    | 'aria-busy'
    | 'aria-hidden'
    | 'aria-sort'
    | 'aria-rowcount'
    | 'aria-rowindex'
    | 'tabindex'
    | 'type'
    | 'id'
    | 'value'
    | 'data-raw'
    | 'data-tab'
    | 'colspan';

/** Creates an element with text and safe attributes, and appends the children. */
export function el<K extends keyof HTMLElementTagNameMap>(
    tag: K,
    props: ElementProps = {},
    ...children: (Node | null | undefined | false)[]
): HTMLElementTagNameMap[K] {
    const node = document.createElement(tag);
    if (props.className) node.className = props.className;
    if (props.text !== undefined) node.textContent = props.text;
    if (props.title !== undefined) node.title = props.title;
    if (props.attrs) {
        for (const [name, value] of Object.entries(props.attrs)) {
            if (value !== undefined) node.setAttribute(name, value);
        }
    }
    for (const child of children) if (child) node.append(child);
    return node;
}

const iconName = /^[a-z0-9-]{1,40}$/;

/** A codicon (decorative: hidden from screen readers). Unknown names fall back to a dot. */
export function icon(name: string): HTMLElement {
    const safe = iconName.test(name) ? name : 'circle-small';
    return el('span', { className: `codicon codicon-${safe}`, attrs: { 'aria-hidden': 'true' } });
}

/** A toolbar button with an icon and a label (the label is the accessible name). */
export function button(
    label: string,
    iconId: string | undefined,
    onClick: () => void,
    options: { title?: string; className?: string } = {},
): HTMLButtonElement {
    const node = el(
        'button',
        {
            className: options.className ?? 'button',
            title: options.title ?? label,
            attrs: { type: 'button' },
        },
        iconId ? icon(iconId) : null,
        el('span', { className: 'label', text: label }),
    );
    node.addEventListener('click', onClick);
    return node;
}
