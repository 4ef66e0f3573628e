"""The phone's `dataclasses` (docs/offline.md): MicroPython keeps no class annotations,
so a field written `target: int` leaves no trace in the class. The fields' names and order
come from the server's CPython instead (`shim_fields.FIELDS`, written by bundle.py from
`dataclasses.fields` of every dataclass shipped); the defaults are the class's own
attributes. What the engine uses: `@dataclass` (frozen or not: the phone never assigns to
a frozen one, and the server holds it to that), `field(default=..., default_factory=...)`,
`replace` and `fields`' names; __init__, __eq__, __repr__ and, for a frozen class,
__hash__, as CPython writes them."""

from shim_fields import FIELDS

MISSING = object()


class Field:
    def __init__(self, name, default=MISSING, default_factory=MISSING):
        self.name = name
        self.default = default
        self.default_factory = default_factory


class FrozenInstanceError(AttributeError):
    pass


def field(*, default=MISSING, default_factory=MISSING, **ignored):
    return Field(None, default, default_factory)


def _fields_of(cls):
    names = FIELDS.get(cls.__module__ + "." + cls.__qualname__)
    if names is None:
        raise TypeError("the phone does not know the fields of " + cls.__qualname__
                        + " (tournament/offline/bundle.py lists them)")
    out = []
    for name in names:
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            made = Field(name, value.default, value.default_factory)
            if value.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
        else:
            made = Field(name, value)
        out.append(made)
    return tuple(out)


def _make(cls, frozen):
    fields_ = _fields_of(cls)
    names = tuple(f.name for f in fields_)
    post = getattr(cls, "__post_init__", None)

    def __init__(self, *args, **kwargs):
        if len(args) > len(fields_):
            raise TypeError(cls.__qualname__ + "() takes " + str(len(fields_))
                            + " positional arguments")
        for i, f in enumerate(fields_):
            if i < len(args):
                value = args[i]
            elif f.name in kwargs:
                value = kwargs.pop(f.name)
            elif f.default_factory is not MISSING:
                value = f.default_factory()
            elif f.default is not MISSING:
                value = f.default
            else:
                raise TypeError(cls.__qualname__ + "() missing argument: '" + f.name + "'")
            object.__setattr__(self, f.name, value)
        if kwargs:
            raise TypeError(cls.__qualname__ + "() got an unexpected keyword argument '"
                            + list(kwargs)[0] + "'")
        if post is not None:
            post(self)

    def values(self):
        return tuple(getattr(self, n) for n in names)

    def __eq__(self, other):
        if other.__class__ is not self.__class__:
            return NotImplemented
        return values(self) == values(other)

    def __repr__(self):
        return (cls.__qualname__ + "("
                + ", ".join(n + "=" + repr(getattr(self, n)) for n in names) + ")")

    cls.__init__ = __init__
    cls.__eq__ = __eq__
    cls.__repr__ = __repr__
    if frozen:
        cls.__hash__ = lambda self: hash(values(self))
    cls.__dataclass_fields__ = fields_
    return cls


def dataclass(cls=None, *, frozen=False, **ignored):
    if cls is None:
        return lambda c: _make(c, frozen)
    return _make(cls, frozen)


def fields(obj):
    return obj.__dataclass_fields__


def is_dataclass(obj):
    return hasattr(obj, "__dataclass_fields__")


def replace(obj, **changes):
    for f in obj.__dataclass_fields__:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)
