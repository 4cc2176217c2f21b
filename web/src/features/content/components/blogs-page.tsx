import { useEffect, type ReactNode } from 'react';

/** /blogs: static written answers to five questions. */

function Code({ children }: { children: string }) {
  return (
    <pre className="my-4 whitespace-pre-wrap break-words rounded-box bg-slate-900 p-4 text-sm leading-relaxed text-slate-100">
      <code>{children.trim()}</code>
    </pre>
  );
}

function Inline({ children }: { children: ReactNode }) {
  return <code className="rounded bg-base-200 px-1 py-0.5 text-[0.9em]">{children}</code>;
}

interface Answer {
  id: string;
  question: string;
  body: ReactNode;
}

const ANSWERS: Answer[] = [
  {
    id: 'state-management',
    question: 'What are the different ways to manage state in a React application?',
    body: (
      <>
        <p>
          <strong>Local state</strong> is the starting point: <Inline>useState</Inline> for a value
          or two, <Inline>useReducer</Inline> when several values change together or the next state
          depends on an action. Keep state in the lowest component that needs it; when two siblings
          need the same value, lift it to their common parent and pass it down as props.
        </p>
        <Code>{`
function reducer(cart, action) {
  switch (action.type) {
    case 'add':
      return [...cart, action.part];
    case 'remove':
      return cart.filter((p) => p.id !== action.id);
    default:
      return cart;
  }
}
const [cart, dispatch] = useReducer(reducer, []);
`}</Code>
        <p>
          <strong>Context</strong> (<Inline>createContext</Inline> and <Inline>useContext</Inline>)
          hands a value to a whole subtree without passing props through every level. It suits
          values that change rarely and are read in many places, such as the signed-in user or the
          theme. Every consumer re-renders when the value changes, so split large contexts.
        </p>
        <p>
          <strong>Server state</strong>, data that lives in a database, is best left to a data
          fetching library such as TanStack Query or SWR. They cache answers, share them between
          components, refetch stale data and track loading and error states, which is most of the
          code people used to write by hand in global stores.
        </p>
        <p>
          <strong>URL state</strong> belongs in the address: route parameters and query strings (for
          example <Inline>?subject=</Inline> on our contact page) survive a reload and can be shared
          as a link. <strong>Form state</strong> is handled well by libraries such as React Hook
          Form. For client state that many distant components change, a{' '}
          <strong>global store</strong> like Redux Toolkit, Zustand or Jotai gives one predictable
          place for it.
        </p>
      </>
    ),
  },
  {
    id: 'react-performance',
    question: 'How will you improve the performance of a React application?',
    body: (
      <>
        <p>
          Measure first. The React Developer Tools Profiler shows which components render, how often
          and how long they take; Lighthouse and the browser&apos;s performance panel show load time
          and long tasks. Always judge a production build, because the development build does extra
          checks and is much slower.
        </p>
        <p>
          Avoid work that is not needed. Keep state close to where it is used so a change re-renders
          a small part of the tree. Wrap expensive children in <Inline>memo</Inline>, cache costly
          calculations with <Inline>useMemo</Inline> and keep callbacks stable with{' '}
          <Inline>useCallback</Inline> when they are passed to memoised children. The React Compiler
          can add this memoisation automatically.
        </p>
        <Code>{`
const PartCard = memo(function PartCard({ part }) {
  return <article>{part.name}</article>;
});

const visible = useMemo(
  () => parts.filter((p) => p.inStock),
  [parts],
);
`}</Code>
        <p>
          Send less code and data. Split the bundle by route with <Inline>lazy</Inline> and{' '}
          <Inline>Suspense</Inline> (this shop loads every page but the home page on demand), serve
          images in the size they are shown with <Inline>width</Inline>, <Inline>height</Inline> and{' '}
          <Inline>loading=&quot;lazy&quot;</Inline>, and cache server data so returning to a page
          does not fetch it again.
        </p>
        <p>
          Keep the page responsive: render only the visible rows of long lists (virtualisation with
          TanStack Virtual or react-window), give list items stable keys, and mark slow updates as
          non-urgent with <Inline>useTransition</Inline> or <Inline>useDeferredValue</Inline> so
          typing stays smooth while a large result list updates.
        </p>
      </>
    ),
  },
  {
    id: 'prototypal-inheritance',
    question: 'How does prototypal inheritance work in JavaScript?',
    body: (
      <>
        <p>
          Every JavaScript object has a hidden link to another object, its prototype (readable with{' '}
          <Inline>Object.getPrototypeOf</Inline>). When you read a property the object does not
          have, the engine looks it up on the prototype, then on the prototype&apos;s prototype, and
          so on until it finds it or reaches <Inline>null</Inline>. This lookup path is the
          prototype chain, and it is how objects share methods without copying them.
        </p>
        <Code>{`
const part = {
  describe() {
    return this.name + ': $' + this.price;
  },
};
const ram = Object.create(part);
ram.name = 'DDR5 32 GB';
ram.price = 119;
ram.describe(); // found on part
Object.hasOwn(ram, 'describe'); // false
`}</Code>
        <p>
          Functions called with <Inline>new</Inline> create objects whose prototype is the
          function&apos;s <Inline>prototype</Inline> property. The <Inline>class</Inline> syntax is
          a cleaner way to write the same thing: methods live on <Inline>Class.prototype</Inline>,
          and <Inline>extends</Inline> links <Inline>Child.prototype</Inline> to{' '}
          <Inline>Parent.prototype</Inline> so instances of the child find the parent&apos;s
          methods.
        </p>
        <Code>{`
class Tool {
  use() { return 'working'; }
}
class Driver extends Tool {}
const d = new Driver();
Object.getPrototypeOf(d) === Driver.prototype; // true
Object.getPrototypeOf(Driver.prototype) === Tool.prototype; // true
`}</Code>
        <p>
          Reading walks the chain, but writing does not: assigning a property creates an own
          property on the object itself, which shadows the one on the prototype and leaves the
          prototype untouched. Changing a prototype, on the other hand, is seen at once by every
          object that inherits from it.
        </p>
      </>
    ),
  },
  {
    id: 'set-state-directly',
    question: 'Why should you not set the state directly in React?',
    body: (
      <>
        <p>
          React re-renders a component when you call its state setter, and only then. Writing{' '}
          <Inline>products = [...]</Inline> instead either throws (when <Inline>products</Inline> is
          a <Inline>const</Inline>, as it usually is) or just reassigns a local variable inside the
          current render: React is never told, the screen does not change, and on the next render{' '}
          <Inline>useState</Inline> hands back the old value, so the change is lost.
        </p>
        <Code>{`
const [products, setProducts] = useState([]);

// Wrong: React is never told
products = [...products, part];
// Wrong: same array, React sees no change
products.push(part);
setProducts(products);

// Right: a new array through the setter
setProducts((prev) => [...prev, part]);
`}</Code>
        <p>
          Mutating the existing array or object, for example with <Inline>push</Inline>, is just as
          harmful, even if you then call the setter with it. React decides whether something changed
          by comparing references with <Inline>Object.is</Inline>; the mutated array is still the
          same reference, so React skips the update, and memoised children and effects that depend
          on it never see the change.
        </p>
        <p>
          State in React is a snapshot of one render. Treating it as read-only and replacing it with
          new values keeps each render consistent, lets React batch several updates into one render,
          and keeps features such as concurrent rendering and undo history working. When the new
          value depends on the old one, pass an updater function, as above, so it is computed from
          the latest state.
        </p>
      </>
    ),
  },
  {
    id: 'unit-tests',
    question: 'What is a unit test and why should we write unit tests?',
    body: (
      <>
        <p>
          A unit test is a small automated check of one unit of code, such as a function, a hook or
          a component, run in isolation from the rest of the system. It sets up an input, runs the
          code and asserts on the result (arrange, act, assert). Unit tests run in milliseconds, so
          a whole suite can run on every save and in continuous integration.
        </p>
        <Code>{`
import { expect, test } from 'vitest';
import { orderTotal } from './order-total';

test('total is price times quantity, in cents', () => {
  expect(orderTotal(1999, 3)).toBe(5997);
});

test('rejects a quantity below one', () => {
  expect(() => orderTotal(1999, 0)).toThrow();
});
`}</Code>
        <p>
          We write them because they catch mistakes early, while they are cheap to fix, and they
          keep catching them: a test that once passed will fail the day a later change breaks the
          behaviour (a regression). That safety net lets us refactor with confidence.
        </p>
        <p>
          Tests are also documentation that cannot go out of date: they show how a unit is meant to
          be used and what it does at the edges. Code that is easy to test tends to be well
          designed, with small parts and clear inputs and outputs.
        </p>
        <p>
          Good unit tests check behaviour, not implementation details; for components that means
          querying what the user sees (Testing Library&apos;s roles and labels). Unit tests do not
          prove that the parts work together, so we complement them with integration and end-to-end
          tests.
        </p>
      </>
    ),
  },
];

export function BlogsPage() {
  useEffect(() => {
    document.title = 'Blogs | Partsmith';
  }, []);

  return (
    <div>
      <header className="bg-slate-900 text-slate-100">
        <div className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
          <p className="text-sm font-semibold uppercase tracking-widest text-orange-300">Blogs</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Questions and answers
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-200">
            Short written answers from our web team on React and JavaScript.
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 py-10">
        <nav
          aria-labelledby="toc-heading"
          className="rounded-box border border-base-300 bg-base-200 p-6"
        >
          <h2 id="toc-heading" className="text-lg font-bold">
            Contents
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            {ANSWERS.map((answer) => (
              <li key={answer.id}>
                <a href={`#${answer.id}`} className="link link-hover text-primary">
                  {answer.question}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {ANSWERS.map((answer, index) => (
          <article
            key={answer.id}
            id={answer.id}
            aria-labelledby={`${answer.id}-heading`}
            className="mt-12 scroll-mt-20 border-t border-base-300 pt-10 first-of-type:border-t-0"
          >
            <p className="text-sm font-semibold uppercase tracking-widest text-primary">
              Question {index + 1}
            </p>
            <h2 id={`${answer.id}-heading`} className="mt-1 text-2xl font-bold sm:text-3xl">
              {answer.question}
            </h2>
            <div className="mt-4 space-y-4 text-base leading-7">{answer.body}</div>
            <p className="mt-6">
              <a href="#toc-heading" className="link link-hover text-sm text-primary">
                Back to contents
              </a>
            </p>
          </article>
        ))}
      </div>
    </div>
  );
}
