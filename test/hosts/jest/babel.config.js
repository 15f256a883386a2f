// Only for Jest: modern syntax and JSX (the automatic runtime, as React 19 projects use it) compiled for this node.
module.exports = {
  presets: [
    ['@babel/preset-env', { targets: { node: 'current' } }],
    ['@babel/preset-react', { runtime: 'automatic' }],
  ],
};
